import type { Id } from '../ids';
import type { MessageAttachment } from './attachment';
import type { UserSummary } from './user';

export interface Message {
  readonly id: Id;
  readonly channelId: Id;
  readonly authorId: Id;
  readonly content: string;
  readonly createdAt: Date;
  readonly editedAt: Date | null;
  /** The users it mentions (`<@id>`) who could see its channel when it was written or last edited, in the content's order. */
  readonly mentions: readonly Id[];
  /** The roles of the channel's server it mentions (`<@&id>`), in the content's order; never `@everyone`'s. */
  readonly mentionRoles: readonly Id[];
  /** `@everyone` by an author holding `MENTION_EVERYONE` in the channel (a direct conversation has no roles: never). */
  readonly mentionEveryone: boolean;
  /**
   * The files it carries, in the order the send named them: each one the author uploaded and no
   * other message took, claimed by the send's own statement. An edit keeps them.
   */
  readonly attachments: readonly MessageAttachment[];
}

/**
 * Who a message mentions. As the content names them (`mentionsIn`), what the author asks for; as
 * stored, what the rules kept of that (`MessageRepository.createAs`, `updateContent`).
 */
export type MessageMentions = Pick<Message, 'mentions' | 'mentionRoles' | 'mentionEveryone'>;

export const NO_MENTIONS: MessageMentions = { mentions: [], mentionRoles: [], mentionEveryone: false };

/**
 * A message as it is sent (the author is the actor): not edited yet, mentioning nobody unless told.
 * What a new message holds in a new field is said here, so the send and the tests that make
 * messages need no edit for it.
 */
export const newMessage = (sent: Pick<Message, 'id' | 'channelId' | 'content' | 'createdAt'>, mentions: MessageMentions = NO_MENTIONS): Omit<Message, 'authorId'> => ({
  ...sent,
  editedAt: null,
  ...mentions,
  attachments: [],
});

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
  readonly mentions: readonly Id[];
  readonly mentionRoles: readonly Id[];
  readonly mentionEveryone: boolean;
  readonly attachments: readonly MessageAttachment[];
  readonly author: UserSummary;
  readonly reactions: readonly ReactionSummary[];
}

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
