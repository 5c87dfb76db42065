/**
 * "A write committed events": rung by the storage after each such commit, heard by the relay loop,
 * which then places them at once rather than at its next timed pass. Made before both, so the
 * storage (opened first) and the event pipeline (built on the storage) need no late-bound callback.
 * A ring nobody hears is lost, harmlessly: the relay's first pass places whatever committed before
 * it started.
 */
export class CommitSignal {
  private readonly listeners = new Set<() => void>();

  ring(): void {
    for (const listener of this.listeners) listener();
  }

  /** Hears every ring from now on. */
  listen(listener: () => void): void {
    this.listeners.add(listener);
  }

  unlisten(listener: () => void): void {
    this.listeners.delete(listener);
  }
}
