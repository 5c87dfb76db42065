import type { ChatEvent } from '../events/chat-event';

/** Where use cases record what happened; in a unit of work, with the change itself. */
export interface EventLog {
  /** Appends the events in order (several at once: a change that tells thousands of members apart). */
  append(...events: readonly ChatEvent[]): Promise<void>;
}
