type Listener<T> = (value: T) => void;

/** Listeners by event type, each typed by its event; one listener's failure never stops the others. */
export class Listeners<Events> {
  private readonly byType: { [K in keyof Events]?: Set<Listener<Events[K]>> } = {};

  /** Adds `listener` for `type`; returns a function that removes it. */
  on<K extends keyof Events>(type: K, listener: Listener<Events[K]>): () => void {
    const set = this.byType[type] ?? new Set<Listener<Events[K]>>();
    this.byType[type] = set;
    set.add(listener);
    return () => set.delete(listener);
  }

  emit<K extends keyof Events>(type: K, value: Events[K]): void {
    for (const listener of this.byType[type] ?? []) {
      try {
        listener(value);
      } catch (error) {
        // A listener's failure is the caller's; it must not stop the connection.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}
