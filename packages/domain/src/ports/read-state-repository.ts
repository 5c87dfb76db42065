import type { ReadState } from '../entities/read-state';
import type { Id } from '../ids';

/**
 * Each user's read marker per channel and direct conversation, and the counts of what is new since.
 *
 * What counts as unread, for every adapter alike: the messages of others (never the user's own)
 * after the marker and made after the user's latest coming in (their join of the server, or into
 * the conversation, by the ids' time part: `firstIdAt`), so a newcomer, or one who comes back, is
 * not shown what was said before. A mention: a message that names the user, a role they hold there,
 * or everyone. A store also moves the sender's marker to each message it stores (`createAs`).
 */
export interface ReadStateRepository {
  /**
   * Moves the user's marker in the channel (or conversation) up to `messageId`, never back: `moved`
   * when it moved, `unchanged` when it was there or further already.
   */
  markRead(userId: Id, channelId: Id, messageId: Id): Promise<'moved' | 'unchanged'>;
  /**
   * The states with something unread, of every channel the user can see (`VIEW_CHANNEL` there, by
   * the domain's `channelPermissions`) and every conversation of theirs, by channel id; with
   * `channelId`, of that one only (none when nothing is unread there, or they cannot see it).
   */
  list(userId: Id, channelId?: Id): Promise<ReadState[]>;
}
