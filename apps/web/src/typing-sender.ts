/**
 * Tells the others this person is typing (`POST /api/channels/:id/typing`, README "Typing"): on a
 * keystroke that leaves text in the box, at most once every 8 s per channel (the signal lasts 10 s, so
 * a steady typist stays shown). Sending the message ends what the others see: the next keystroke
 * tells again as soon as the API takes it.
 */

/** At most one signal per channel this often. */
export const TYPING_EVERY_MS = 8_000;
/**
 * After a send, the next keystroke tells at once, unless the API would still drop it: it passes one
 * signal per user and channel every 5 s, so one told sooner after the last is waited out (with a margin).
 */
export const AFTER_SEND_MS = 5_500;

export interface TypingSender {
  /** The box changed; `text` is what it holds now. */
  typed(channelId: string, text: string): void;
  /** A message was sent there: its `message.created` ended the typing others saw. */
  sent(channelId: string): void;
  /** The session ended. */
  reset(): void;
}

export function createTypingSender(tell: (channelId: string) => void, now: () => number = Date.now): TypingSender {
  const last = new Map<string, number>();
  /** Channels sent in since their last signal: the next one is due sooner. */
  const sentSince = new Set<string>();
  return {
    typed(channelId, text) {
      if (text.trim() === '') return;
      const at = now();
      const every = sentSince.has(channelId) ? AFTER_SEND_MS : TYPING_EVERY_MS;
      if (at - (last.get(channelId) ?? -Infinity) < every) return;
      last.set(channelId, at);
      sentSince.delete(channelId);
      tell(channelId);
    },
    sent(channelId) {
      sentSince.add(channelId);
    },
    reset() {
      last.clear();
      sentSince.clear();
    },
  };
}
