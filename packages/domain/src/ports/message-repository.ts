import type { Message, MessageView, Reaction, ReactionState } from '../entities/message';
import type { Id } from '../ids';

/** Cursors are exclusive positions in id order; they need not name an existing message. */
export interface MessageCursor {
  readonly before?: Id;
  readonly after?: Id;
  readonly limit: number;
}

/** `MessageNotFound`: the message was deleted between the caller's check and the reaction. */
export type AddReactionOutcome = 'added' | 'already' | 'TooManyReactions' | 'MessageNotFound';

/** Messages and their reactions: one aggregate, so deleting a message takes its reactions along. */
export interface MessageRepository {
  create(message: Message): Promise<void>;
  findById(id: Id): Promise<Message | null>;
  view(id: Id, viewerId: Id): Promise<MessageView | null>;
  /**
   * A page in chronological order (oldest first). No cursor: the newest `limit`. `before`: the
   * `limit` just older. `after`: the `limit` just newer. Both: the `limit` nearest `after`.
   */
  page(channelId: Id, cursor: MessageCursor, viewerId: Id): Promise<MessageView[]>;
  updateContent(id: Id, content: string, editedAt: Date): Promise<void>;
  delete(id: Id): Promise<void>;
  /** Atomic: the distinct-emoji cap holds even under concurrent reactions. */
  addReaction(reaction: Reaction, maxDistinctEmoji: number): Promise<AddReactionOutcome>;
  removeReaction(messageId: Id, userId: Id, emoji: string): Promise<void>;
  reactionState(messageId: Id, emoji: string, viewerId: Id): Promise<ReactionState>;
}
