import type { Id } from '../ids';
import type { UserSummary } from './user';

export interface Message {
  readonly id: Id;
  readonly channelId: Id;
  readonly authorId: Id;
  readonly content: string;
  readonly createdAt: Date;
  readonly editedAt: Date | null;
}

/** One emoji on one message, as the viewer sees it. */
export interface ReactionSummary {
  readonly emoji: string;
  readonly count: number;
  readonly reacted: boolean;
}

/** A message as a reader sees it: with its author and the reactions, from the viewer's side. */
export interface MessageView {
  readonly id: Id;
  readonly channelId: Id;
  readonly content: string;
  readonly createdAt: Date;
  readonly editedAt: Date | null;
  readonly author: UserSummary;
  readonly reactions: readonly ReactionSummary[];
}

/**
 * A message view in its one JSON form, the interface's: dates as ISO 8601 strings in UTC with
 * milliseconds. Stores that render pages where the data lives (`pageJsonAs`) must produce exactly
 * this, which the store contract checks.
 */
export const messageViewJson = (m: MessageView) => ({
  id: m.id,
  channelId: m.channelId,
  content: m.content,
  createdAt: m.createdAt.toISOString(),
  editedAt: m.editedAt ? m.editedAt.toISOString() : null,
  author: { id: m.author.id, username: m.author.username },
  reactions: m.reactions.map((r) => ({ emoji: r.emoji, count: r.count, reacted: r.reacted })),
});

export interface Reaction {
  readonly messageId: Id;
  readonly userId: Id;
  readonly emoji: string;
  readonly createdAt: Date;
}

export interface ReactionState {
  readonly messageId: Id;
  readonly emoji: string;
  readonly count: number;
  readonly reacted: boolean;
}

export const MAX_DISTINCT_REACTIONS = 20;
/** Every user's reactions to one message, all emoji together: what one message may hold in all. */
export const MAX_REACTIONS_PER_MESSAGE = 5000;
