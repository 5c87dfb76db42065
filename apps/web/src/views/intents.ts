import type { Member, Message } from '@chat/client';
import type { Person } from '../model/people.js';
import type { ChatState, Conversation, ServerState, UserSummary } from '../model/state.js';
import type { Elements } from './elements.js';

/** What a person can ask for from a control the views draw; the page's actions answer (see `effects.ts`). */
export interface Intents {
  openServer(serverId: string): void;
  openChannel(channelId: string): void;
  openConversation(conversationId: string): void;
  /** Writes to a member directly: their one-to-one, opened or found. */
  messageMember(userId: string): void;
  removeRecipient(conversation: Conversation, person: Person): void;
  removeMember(server: ServerState, member: Member): void;
  /** Blocks (`true`) or unblocks the member. */
  setBlocked(member: Member, blocked: boolean): void;
  /** Shows one folded message of a blocked user. */
  revealMessage(message: Message): void;
  startEditing(message: Message): void;
  stopEditing(message: Message): void;
  saveEdit(message: Message, content: string): void;
  deleteMessage(message: Message): void;
  react(message: Message, emoji: string, add: boolean): void;
  /** Opens the "Replying to" bar above the composer on this message. */
  reply(message: Message): void;
  setPinned(message: Message, pinned: boolean): void;
  /** Opens the channel on the page around the message (a search hit, a pin, a reply's original), marked. */
  jumpTo(channelId: string, messageId: string): void;
  /** Writes a mention of this person in place of the `@word` being typed in the composer. */
  chooseMention(user: UserSummary): void;
  /** Drops a file from those to send (stopping its upload if on its way). */
  removeUpload(key: string): void;
}

/** What a view draws from: the page's elements, its state now, and the intents its controls call. */
export interface ViewContext {
  readonly el: Elements;
  readonly state: ChatState;
  readonly intents: Intents;
}
