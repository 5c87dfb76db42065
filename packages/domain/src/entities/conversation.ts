import type { Id } from '../ids';
import { bitsOf, type PermissionBits } from './permissions';
import type { UserSummary } from './user';

/** `dm`: two people, one conversation per pair. `group`: up to `MAX_GROUP_RECIPIENTS`, with an owner and a name. */
export type ConversationType = 'dm' | 'group';

/**
 * A direct conversation: a place for messages outside any server, seen by its recipients alone.
 * Its id is a channel id: messages, edits and reactions use the channel routes.
 */
export interface Conversation {
  readonly id: Id;
  readonly type: ConversationType;
  /** Who adds and removes others in a group; null in a one-to-one. */
  readonly ownerId: Id | null;
  /** A group's name (null: none); always null in a one-to-one. */
  readonly name: string | null;
  /** Who opened it: counted against their daily quota of conversations started. */
  readonly creatorId: Id;
  /** Its recipients, the caller among them, in the order they came in. */
  readonly recipientIds: readonly Id[];
  readonly createdAt: Date;
}

/** A conversation as its recipients are shown it. */
export interface ConversationView {
  readonly id: Id;
  readonly type: ConversationType;
  readonly ownerId: Id | null;
  readonly name: string | null;
  /** Every recipient, the viewer among them, in the order they came in. */
  readonly recipients: readonly UserSummary[];
  /** Its newest message; null before the first. */
  readonly lastMessageId: Id | null;
  readonly createdAt: Date;
}

/** People in a group, its owner counted (Discord's limit). */
export const MAX_GROUP_RECIPIENTS = 10;

/** Conversations listed in the gateway's `ready` (the rest are read over REST). */
export const READY_PRIVATE_CHANNELS = 100;

/**
 * What every recipient may do in a conversation: read, write (with files) and react. Nobody moderates another's
 * messages (only the author deletes one), and nobody manages it but through the recipient routes.
 */
export const CONVERSATION_PERMISSIONS: PermissionBits = bitsOf(['VIEW_CHANNEL', 'SEND_MESSAGES', 'ADD_REACTIONS', 'ATTACH_FILES']);

/** The pair's key of a one-to-one: the same from either side. */
export const pairKey = (a: Id, b: Id): string => (BigInt(a) < BigInt(b) ? `${a}:${b}` : `${b}:${a}`);
