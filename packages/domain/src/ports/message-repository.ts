import type { MessageAttachment } from '../entities/attachment';
import type { Message, MessageMentions, MessageView, Reaction, ReactionState, ReplyPreview } from '../entities/message';
import type { PermissionBits } from '../entities/permissions';
import type { Actor } from '../entities/session';
import type { UserSummary } from '../entities/user';
import type { Id } from '../ids';

/** Cursors are exclusive positions in id order; they need not name an existing message. */
export interface MessageCursor {
  readonly before?: Id;
  readonly after?: Id;
  readonly limit: number;
}

/** A page around one message: the `limit` messages nearest the message `around`, itself among them. */
export interface AroundCursor {
  readonly around: Id;
  readonly limit: number;
}

/**
 * What a gated look-up found about the caller's access: facts only. Which refusal they amount to,
 * and in which order they count, is the domain's to decide (`accessRefusal`).
 */
export interface AccessFacts {
  /** The actor's session exists and is theirs (not logged out or revoked). */
  readonly sessionLive: boolean;
  readonly channelFound: boolean;
  /** The actor belongs to the channel's server. */
  readonly member: boolean;
  /** The actor's permissions in the channel, as `channelPermissions` computes them (none for a non-member). */
  readonly permissions: PermissionBits;
  /** The channel is a direct conversation (then `member`: the actor is one of its recipients). */
  readonly conversation: boolean;
  /**
   * A one-to-one conversation where either recipient blocked the other: nobody may send there
   * (`permissions` lack SEND_MESSAGES).
   */
  readonly blocked: boolean;
}

/**
 * The outcome of an operation that checks who may do it in the same look-up that does it: done
 * only when the facts hold (a live session, the channel, a member holding what the operation needs
 * there); otherwise nothing was done, and the facts say why.
 */
export type Gated<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly facts: AccessFacts };

declare const rendered: unique symbol;
/** A page of messages as the wire's JSON text, made by a store: opaque to the domain, sent as it is. */
export type RenderedPage = string & { readonly [rendered]: true };

/**
/**
 * What a send stored that only the store knew: the author as a member, the mentions the rules kept,
 * the files it claimed (in the order asked) and the message it replies to as it stood then.
 */
export type SendReceipt = MessageMentions & { readonly author: UserSummary; readonly attachments: readonly MessageAttachment[]; readonly replyTo: ReplyPreview | null };

/** The gate opened but not every file asked for could be claimed (see `createAs`): nothing was written. */
export const ATTACHMENTS_UNAVAILABLE = 'AttachmentsUnavailable';

/** A send refused for its reply: the channel holds no message `replyTo` (another channel's, or none). Nothing was stored. */
export type ReplyTargetMissing = 'ReplyTargetMissing';

/** What a send whose gate opened answers (`createAs`): the receipt, or why nothing was stored. */
export type SendOutcome = SendReceipt | typeof ATTACHMENTS_UNAVAILABLE | ReplyTargetMissing;

/** `MessageNotFound`: the channel holds no such message (it was deleted between the caller's check and the pin). */
export type PinOutcome = 'pinned' | 'already' | 'TooManyPins' | 'MessageNotFound';

/** `MessageNotFound`: the message was deleted between the caller's check and the reaction. */
export type AddReactionOutcome = 'added' | 'already' | 'TooManyReactions' | 'TooManyReactionsInAll' | 'MessageNotFound';

/** The caps a new reaction must stay under: distinct emoji, and reactions in all. */
export interface ReactionCaps {
  readonly distinctEmoji: number;
  readonly total: number;
}

/** Messages and their reactions: one aggregate, so deleting a message takes its reactions along. */
export interface MessageRepository {
  findById(id: Id): Promise<Message | null>;
  /**
   * The message, if channel `channelId` holds it (a message of another channel is not found). The
   * channel names where the message lives (its route, docs/sharding.md), as it does for every
   * reaction method below: a sharded store looks only there.
   */
  findInChannel(channelId: Id, messageId: Id): Promise<Message | null>;
  view(id: Id, viewerId: Id): Promise<MessageView | null>;
  /**
   * A page in chronological order (oldest first), as the actor sees it, only if their session is
   * live, they belong to the channel's server and hold `READ_NEEDS` there: the two hottest routes check access and do their
   * work in one look-up (one round trip). No cursor: the newest `limit`. `before`: the `limit` just
   * older. `after`: the `limit` just newer. Both: the `limit` nearest `after`. The page comes
   * rendered, as the JSON text of an array of `messageJson` values (the wire contract's): a store
   * may build it where the data lives, so a reader's page is never decoded and encoded again. The domain passes it on
   * and never builds or reads it (`RenderedPage`).
   */
  pageJsonAs(actor: Actor, channelId: Id, cursor: MessageCursor): Promise<Gated<RenderedPage>>;
  /**
   * The page around a message, gated and rendered as `pageJsonAs`'s, in chronological order: the
   * message, then the older and the newer taken in turn, the older first, until `limit` (so `limit`
   * 50 holds 25 older and 24 newer when the channel has them, and more of one side when the other
   * runs short). Null when the channel holds no message `around` (a message of another channel
   * included), which is told only once the gate has opened.
   */
  pageAroundJsonAs(actor: Actor, channelId: Id, cursor: AroundCursor): Promise<Gated<RenderedPage | null>>;
  /**
   * Stores a message by the actor, only if their session is live, they belong to the channel's
   * server and hold `SEND_NEEDS` there, atomically with that check and with its event (`messageCreated` of the stored message,
   * its server and `nonce`); answers the author as a member. The message's mentions are what its
   * content asks for (`mentionsIn`); it is stored with what `keptMentions` keeps of them, the
   * author's permissions being those the check read, and answers those.
   *
   * `attachmentIds` (distinct, at most `MAX_MESSAGE_ATTACHMENTS`): the uploads the message carries,
   * claimed in the same statement, all or none: each must be the actor's and never attached to any
   * message (one deleted since included). Naming any needs `ATTACH_FILES` too (refused as a gate
   * is, with the permissions read). Should one not be claimable, nothing at all is written and the
   * answer is `ATTACHMENTS_UNAVAILABLE`. The message holds what was known of each file
   * (`MessageAttachment`), in the order named.
   *
   * A reply (`replyTo` set) is stored only if the channel holds that message, checked in the same
   * look-up (else `ReplyTargetMissing`, told only once the gate has opened, and no file is claimed);
   * unless `mentionAuthor` is false, it asks to mention that message's author too (`withRepliedAuthor`).
   */
  createAs(
    actor: Actor,
    message: Omit<Message, 'authorId'>,
    nonce: string | null,
    attachmentIds?: readonly Id[],
    mentionAuthor?: boolean,
  ): Promise<Gated<SendOutcome>>;
  /**
   * A new content by the message's author, and its mentions: of those `asked` (`mentionsIn` of the
   * content), what `keptMentions` keeps, as the channel and the author's permissions stand now.
   */
  updateContent(id: Id, content: string, editedAt: Date, asked: MessageMentions): Promise<void>;
  /**
   * Pins message `messageId` of channel `channelId` at `at`: `already` if it is pinned, `TooManyPins`
   * when the channel holds `cap` pinned messages, `MessageNotFound` when the channel holds no such
   * message. Serialized with the channel's other pins, so the cap holds under races.
   */
  pin(channelId: Id, messageId: Id, at: Date, cap: number): Promise<PinOutcome>;
  /** Unpins it; `absent` when it was not pinned (or is no message of the channel). */
  unpin(channelId: Id, messageId: Id): Promise<'unpinned' | 'absent'>;
  /**
   * The channel's pinned messages (at most `MAX_PINS`), most recently pinned first (of those pinned
   * at once, the newest message first), gated and rendered as `pageJsonAs`'s page is.
   */
  pinsJsonAs(actor: Actor, channelId: Id): Promise<Gated<RenderedPage>>;
  /** `absent`: already gone (a delete racing this one won). */
  delete(id: Id): Promise<'deleted' | 'absent'>;
  /** Atomic: both caps hold even under concurrent reactions. `MessageNotFound` too when the message is not in `reaction.channelId`. */
  addReaction(reaction: Reaction, caps: ReactionCaps): Promise<AddReactionOutcome>;
  /**
   * Serialized with other reactions to the message, as `addReaction` is, so counts read after it are
   * exact. `channelId`, here and below: the message's channel (where its reactions live).
   */
  removeReaction(channelId: Id, messageId: Id, userId: Id, emoji: string): Promise<'removed' | 'absent'>;
  reactionState(channelId: Id, messageId: Id, emoji: string, viewerId: Id): Promise<ReactionState>;
  /** Removes every user's reaction of this emoji, serialized as `removeReaction` is; answers how many went. */
  clearReaction(channelId: Id, messageId: Id, emoji: string): Promise<number>;
}
