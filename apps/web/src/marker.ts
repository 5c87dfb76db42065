/**
 * When to mark the open channel read (README "Read states": not on every message): a while after its
 * newest message shows (a burst of messages makes one mark), and at most every few seconds per channel.
 * What to mark and how are given: this file only keeps time (unit-tested with fake timers).
 */

/** A channel, and the message it is read up to. */
export interface MarkTarget {
  readonly channelId: string;
  readonly messageId: string;
}

export interface Marker {
  /** Something may now be read (a message came, a page landed, the history was scrolled, the tab came into view). */
  soon(): void;
  /** The session ended: nothing waits. */
  cancel(): void;
}

/** How long the newest message shows before it is marked read. */
export const SETTLE_MS = 1_000;
/** At least this long between two marks of one channel. */
export const SPACING_MS = 3_000;

/** `target` says what would be marked now (none: nothing unread in view); it is asked again when the time comes. */
export function createMarker(target: () => MarkTarget | undefined, mark: (target: MarkTarget) => Promise<void>, now: () => number = Date.now): Marker {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const lastMarked = new Map<string, number>();
  const wake = (ms: number) => (timer = setTimeout(() => void fire(), ms));
  const fire = async () => {
    timer = undefined;
    const chosen = target();
    if (!chosen) return;
    const wait = (lastMarked.get(chosen.channelId) ?? -Infinity) + SPACING_MS - now();
    if (wait > 0) return void wake(wait);
    lastMarked.set(chosen.channelId, now());
    await mark(chosen);
  };
  return {
    soon() {
      if (timer === undefined && target()) wake(SETTLE_MS);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      lastMarked.clear();
    },
  };
}
