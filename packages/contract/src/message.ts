import type { MessageAttachment, MessageView, ReactionState, ReplyPreview, SearchHits, SentMessage } from '@chat/domain';
import { z } from 'zod';
import { id, timestamp, userSummaryFromJson, userSummaryJson, UserSummaryResponse } from './fields';
import { MENTION_LIMIT, REPLY_PREVIEW_LENGTH } from '@chat/domain';
import { date, num, obj, str, strs, type Json } from './read-json';
import { AttachmentResponse } from './attachment';
import { attachmentFromJson, messageAttachmentJson } from './message-attachments';

/*
 * A message on the wire: its schema, the serializer that writes it and the reader that takes it
 * back from an event, side by side, so a new field is one edit here. The page's SQL renderer
 * (packages/postgres) writes the same bytes; the store contract compares them with `messageJson`.
 */

export const ReactionSummaryResponse = z
  .object({ emoji: z.string(), count: z.number().int(), reacted: z.boolean().meta({ description: 'Whether the caller reacted' }) })
  .meta({ id: 'ReactionSummary' });

export const ReplyPreviewResponse = z
  .union([
    z.object({
      id,
      author: z.object({ id, username: z.string() }),
      content: z.string().meta({ description: `Its first ${REPLY_PREVIEW_LENGTH} characters` }),
    }),
    z.object({ id, deleted: z.literal(true) }).meta({ description: 'It was deleted since' }),
  ])
  .meta({ id: 'ReplyPreview', description: 'The message of the same channel this one answers, as it is when read (as it was when sent, in message.created)' });

export const MessageResponse = z
  .object({
    id,
    channelId: id,
    content: z.string(),
    createdAt: timestamp,
    editedAt: timestamp.nullable(),
    mentions: z.array(id).meta({
      description: `The users the content mentions (\`<@userId>\`) who could see the channel when it was written or last edited, in the content's order, each once (the first ${MENTION_LIMIT} distinct ones)`,
    }),
    mentionRoles: z.array(id).meta({
      description: `The roles of the channel's server the content mentions (\`<@&roleId>\`), in its order, each once (the first ${MENTION_LIMIT}); never @everyone's`,
    }),
    mentionEveryone: z.boolean().meta({
      description: 'The content says `@everyone` and its author holds MENTION_EVERYONE in the channel (never in a direct conversation, where it is plain text)',
    }),
    attachments: z.array(AttachmentResponse).meta({
      description: 'The files it carries, in the order the send named them (empty when none); each `url` is signed afresh with every read of the message, and kept when its content is edited',
    }),
    replyTo: ReplyPreviewResponse.nullable(),
    pinned: z.boolean().meta({ description: 'It is pinned in its channel (GET /api/channels/{channelId}/pins lists those)' }),
    author: UserSummaryResponse,
    reactions: z.array(ReactionSummaryResponse),
  })
  .meta({ id: 'Message' });

export const SentMessageResponse = MessageResponse.extend({
  nonce: z.string().optional().meta({ description: 'The request\'s nonce, when it had one' }),
}).meta({ id: 'SentMessage' });

export const MessageSearchResponse = z
  .object({
    messages: z.array(MessageResponse).meta({ description: 'The hits, newest first, each as a page shows it' }),
    hasMore: z.boolean().meta({ description: 'Whether older messages match too (ask again `before` the last hit)' }),
  })
  .meta({ id: 'MessageSearchResults' });

export const ReactionStateResponse = z
  .object({ messageId: id, emoji: z.string(), count: z.number().int(), reacted: z.boolean() })
  .meta({ id: 'ReactionState' });

export type MessageJson = z.output<typeof MessageResponse>;

/** Dates as ISO 8601 strings in UTC with milliseconds; the keys in the schema's order. */
export const messageJson = (m: MessageView): MessageJson => ({
  id: m.id,
  channelId: m.channelId,
  content: m.content,
  createdAt: m.createdAt.toISOString(),
  editedAt: m.editedAt ? m.editedAt.toISOString() : null,
  mentions: [...m.mentions],
  mentionRoles: [...m.mentionRoles],
  mentionEveryone: m.mentionEveryone,
  attachments: m.attachments.map(messageAttachmentJson),
  replyTo: m.replyTo === null ? null : replyPreviewJson(m.replyTo),
  pinned: m.pinned,
  author: userSummaryJson(m.author),
  reactions: m.reactions.map((r) => ({ emoji: r.emoji, count: r.count, reacted: r.reacted })),
});

const replyPreviewJson = (r: ReplyPreview): z.output<typeof ReplyPreviewResponse> =>
  'deleted' in r ? { id: r.id, deleted: true } : { id: r.id, author: { id: r.author.id, username: r.author.username }, content: r.content };

export const sentMessageJson = ({ message, nonce }: SentMessage): z.output<typeof SentMessageResponse> => ({
  ...messageJson(message),
  ...(nonce === null ? {} : { nonce }),
});

export const reactionStateJson = (r: ReactionState): z.output<typeof ReactionStateResponse> => ({
  messageId: r.messageId,
  emoji: r.emoji,
  count: r.count,
  reacted: r.reacted,
});

/** A search's answer as JSON text: its hits as the store rendered them (a page's messages), and `hasMore`. */
export const messageSearchJson = ({ messages, hasMore }: SearchHits): string => `{"messages":${messages},"hasMore":${hasMore}}`;

const replyPreviewFromJson = (r: Json): ReplyPreview =>
  r.deleted === true ? { id: str(r.id), deleted: true } : { id: str(r.id), author: { id: str(obj(r.author).id), username: str(obj(r.author).username) }, content: str(r.content) };

/** `messageJson` read back (from an event's data, which has more keys); one logged before mentions mentions nobody, before replies answers none. */
export function messageFromJson(d: Json): MessageView {
  const author = obj(d.author);
  const reactions = Array.isArray(d.reactions) ? d.reactions.map(obj) : [];
  return {
    id: str(d.id),
    channelId: str(d.channelId),
    content: str(d.content),
    createdAt: date(d.createdAt),
    editedAt: d.editedAt === null ? null : date(d.editedAt),
    mentions: d.mentions === undefined ? [] : strs(d.mentions),
    mentionRoles: d.mentionRoles === undefined ? [] : strs(d.mentionRoles),
    mentionEveryone: d.mentionEveryone === true,
    attachments: Array.isArray(d.attachments) ? d.attachments.map((a): MessageAttachment => attachmentFromJson(obj(a))) : [],
    replyTo: d.replyTo === undefined || d.replyTo === null ? null : replyPreviewFromJson(obj(d.replyTo)),
    pinned: d.pinned === true,
    author: userSummaryFromJson(author),
    reactions: reactions.map((r) => ({ emoji: str(r.emoji), count: num(r.count), reacted: r.reacted === true })),
  };
}
