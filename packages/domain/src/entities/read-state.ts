import type { Id } from '../ids';

/**
 * Where a user has read to in one channel or direct conversation, with what is new to them since.
 * Counted when asked, from the messages as they are (an edit or a delete of an unread message shows
 * at once): nothing is kept but the marker.
 */
export interface ReadState {
  readonly channelId: Id;
  /** Null for a direct conversation. */
  readonly serverId: Id | null;
  /** The newest message they marked read (it may since have been deleted); null: never marked. */
  readonly lastReadMessageId: Id | null;
  /** Others' messages after the marker, at most `UNREAD_COUNT_CAP`. */
  readonly unreadCount: number;
  /** Of those, the ones that mention them, a role of theirs or everyone, at most `UNREAD_COUNT_CAP`. */
  readonly mentionCount: number;
}

/**
 * Counts stop here: "1000" means "1000 or more", so a count never reads more than this many rows of
 * a channel, however far behind its reader is.
 */
export const UNREAD_COUNT_CAP = 1000;
