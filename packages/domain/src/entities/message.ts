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
  /** The message of the same channel it answers (which may have been deleted since), or null. */
  readonly replyTo: Id | null;
  /** When it was pinned in its channel; null while it is not. */
  readonly pinnedAt: Date | null;
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
export const newMessage = (
  sent: Pick<Message, 'id' | 'channelId' | 'content' | 'createdAt'> & Partial<Pick<Message, 'replyTo'>>,
  mentions: MessageMentions = NO_MENTIONS,
): Omit<Message, 'authorId'> => ({
  replyTo: null,
  ...sent,
  editedAt: null,
  pinnedAt: null,
  ...mentions,
  attachments: [],
});

/** How much of the content of the message answered a reply shows: its first 200 characters (Unicode code points). */
export const REPLY_PREVIEW_LENGTH = 200;

/**
 * The message a reply answers, as a reader sees it: its author and the start of its content, read
 * when the reply is read; or only its id, once it was deleted.
 */
export type ReplyPreview =
  | { readonly id: Id; readonly author: Pick<UserSummary, 'id' | 'username'>; readonly content: string }
  | { readonly id: Id; readonly deleted: true };

/** The start of a content as a reply's preview shows it (`REPLY_PREVIEW_LENGTH` code points, as SQL's `left` counts). */
export const previewOf = (content: string): string => [...content].slice(0, REPLY_PREVIEW_LENGTH).join('');

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
  readonly replyTo: ReplyPreview | null;
  readonly pinned: boolean;
  readonly author: UserSummary;
  readonly reactions: readonly ReactionSummary[];
}

export interface Reaction {
  /** The message's channel: where the reaction lives with its message (docs/sharding.md). */
  readonly channelId: Id;
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
/** The pinned messages one channel (or conversation) may hold. */
export const MAX_PINS = 50;
/** Every user's reactions to one message, all emoji together: what one message may hold in all. */
export const MAX_REACTIONS_PER_MESSAGE = 5000;
