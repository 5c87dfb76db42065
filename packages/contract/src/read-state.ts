import { UNREAD_COUNT_CAP, type ReadState } from '@chat/domain';
import { z } from 'zod';
import { id } from './fields';

/* Where a user has read to, and what is new since: over REST, in `ready`, and in `read_state.updated`. */

const count = (what: string) => z.number().int().min(0).max(UNREAD_COUNT_CAP).meta({ description: `${what}, counted up to ${UNREAD_COUNT_CAP} (${UNREAD_COUNT_CAP}: that many or more)` });

export const ReadStateResponse = z
  .object({
    channelId: id.meta({ description: "A server's channel, or a direct conversation" }),
    serverId: id.nullable().meta({ description: 'Null for a direct conversation' }),
    lastReadMessageId: id.nullable().meta({ description: 'The newest message you marked read (it may be deleted since); null: never marked, counted from when you came in' }),
    unreadCount: count("Others' messages after it (your own never count)"),
    mentionCount: count('Of those, the ones that mention you, a role of yours or everyone'),
  })
  .meta({ id: 'ReadState' });

export const readStateJson = (s: ReadState): z.output<typeof ReadStateResponse> => ({
  channelId: s.channelId,
  serverId: s.serverId,
  lastReadMessageId: s.lastReadMessageId,
  unreadCount: s.unreadCount,
  mentionCount: s.mentionCount,
});
