import type { ConversationView } from '@chat/domain';
import { z } from 'zod';
import { id, timestamp, userSummaryFromJson, userSummaryJson, UserSummaryResponse } from './fields';
import { date, obj, str, strOrNull, type Json } from './read-json';

/* A direct conversation as its recipients see it: over REST, in `ready`, and in its events. */

export const ConversationResponse = z
  .object({
    id: id.meta({ description: "A channel id: the conversation's messages and reactions use the /api/channels/{channelId}/... routes" }),
    type: z.enum(['dm', 'group']).meta({ description: '`dm`: one-to-one, one per pair; `group`: up to 10 people, with an owner' }),
    ownerId: id.optional().meta({ description: "A group's owner (who adds and removes people); left out of a one-to-one" }),
    name: z.string().nullable().optional().meta({ description: "A group's name (null: none); left out of a one-to-one" }),
    recipients: z.array(UserSummaryResponse).meta({ description: 'Everyone in it, you among them, in the order they came in' }),
    lastMessageId: id.nullable().meta({ description: 'Its newest message; null before the first' }),
    createdAt: timestamp,
  })
  .meta({ id: 'Conversation' });

export const conversationJson = (c: ConversationView): z.output<typeof ConversationResponse> => ({
  id: c.id,
  type: c.type,
  ...(c.type === 'group' && c.ownerId !== null ? { ownerId: c.ownerId } : {}),
  ...(c.type === 'group' ? { name: c.name } : {}),
  recipients: c.recipients.map(userSummaryJson),
  lastMessageId: c.lastMessageId,
  createdAt: c.createdAt.toISOString(),
});

export const conversationFromJson = (d: Json): ConversationView => ({
  id: str(d.id),
  type: d.type === 'group' ? 'group' : 'dm',
  ownerId: d.ownerId === undefined ? null : str(d.ownerId),
  name: d.name === undefined ? null : strOrNull(d.name),
  recipients: (Array.isArray(d.recipients) ? d.recipients : []).map((value) => userSummaryFromJson(obj(value))),
  lastMessageId: d.lastMessageId === undefined ? null : strOrNull(d.lastMessageId),
  createdAt: date(d.createdAt),
});
