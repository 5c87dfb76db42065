import type { ChatEvent } from '../events/chat-event';

/** Where use cases record what happened; in a unit of work, with the change itself. */
export interface EventLog {
  append(event: ChatEvent): Promise<void>;
}
