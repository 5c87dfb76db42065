import {
  attachmentIdsIssues,
  contentIssues,
  emojiIssues,
  MAX_MESSAGE_ATTACHMENTS,
  MESSAGE_CONTENT,
  NONCE,
  nonceIssues,
  PAGE_LIMIT,
  SEARCH_LIMIT,
  SEARCH_TEXT,
  searchTextIssues,
  sentContentIssues,
} from '@chat/domain';
import { z } from 'zod';
import { idParam, integerParam, rule, text } from './request-fields';

/* Request schemas of messages: sending, editing, reacting, marking read, paging and searching. */

export const ContentBody = z
  .object({
    content: text(`${MESSAGE_CONTENT.min}-${MESSAGE_CONTENT.max} characters (code points), not only whitespace`).superRefine(rule(contentIssues)),
  })
  .meta({ id: 'MessageContent' });

export const SendMessageBody = z
  .object({
    content: text(`${MESSAGE_CONTENT.min}-${MESSAGE_CONTENT.max} characters (code points), not only whitespace; may be empty or left out when the message carries files`)
      .superRefine(rule((value: string) => (value === '' ? [] : contentIssues(value))))
      .optional(),
    attachmentIds: z
      .array(idParam('An upload of yours (`POST /api/attachments`) that no message holds yet'), { error: 'must be an array of attachment ids' })
      .meta({
        description: `At most ${MAX_MESSAGE_ATTACHMENTS} distinct ids: the files the message carries, in this order. Each must be one you uploaded and not yet attached (else 400 ATTACHMENT_UNAVAILABLE, and nothing is sent); needs ATTACH_FILES in the channel`,
      })
      .optional(),
    nonce: text(`At most ${NONCE.max} characters of the client's own choosing; echoed in the answer and in the message.created event`)
      .superRefine(rule((value) => nonceIssues(value)))
      .optional(),
    replyTo: idParam('A message of this channel to answer: the message then shows it (`replyTo`), and mentions its author').optional(),
    mentionAuthor: z.boolean().optional().meta({ description: 'With `replyTo`: false leaves the answered author out of `mentions` (default true)' }),
  })
  .superRefine((body, ctx) => {
    // Together: empty content is allowed only beside files, and the ids are judged as a list.
    const ids = body.attachmentIds ?? [];
    const issues = [...((body.content ?? '') === '' ? sentContentIssues('', ids.length) : []), ...attachmentIdsIssues(ids)];
    for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path.split('.').map((part) => (/^[0-9]+$/.test(part) ? Number(part) : part)), message: issue.message });
  })
  .meta({ id: 'SendMessageRequest' });

export const ReactionBody = z
  .object({ emoji: text('Exactly one emoji, e.g. "👍🏽", "🇯🇵" or "👩‍👩‍👧"').superRefine(rule(emojiIssues)) })
  .meta({ id: 'ReactionRequest' });

export const MarkReadBody = z
  .object({ messageId: idParam('A message of this channel: the newest one you have read (a marker never moves back)') })
  .meta({ id: 'MarkReadRequest' });

export const MessagesQuery = z.object({
  limit: integerParam(PAGE_LIMIT, `1-${PAGE_LIMIT.max}, default ${PAGE_LIMIT.default}`).optional(),
  before: idParam('Only messages older than this message id (exclusive; the message need not exist)').optional(),
  after: idParam('Only messages newer than this message id (exclusive; the message need not exist)').optional(),
  around: idParam(
    'The page around this message (to jump to a search hit): the message, then its older and newer neighbours in turn, the older first, until `limit` (more of one side near either end). Not with `before` or `after`; a message that is not in this channel is 404',
  ).optional(),
});

export const MessageSearchQuery = z.object({
  q: text(
    `${SEARCH_TEXT.min}-${SEARCH_TEXT.max} characters, with a letter or a digit: the words a message must hold, whole and ignoring case; "quoted words" one after another; -word not at all; \`or\` between alternatives (PostgreSQL's websearch_to_tsquery, simple configuration). Needed unless authorId is given`,
  )
    .superRefine(rule((value) => searchTextIssues(value)))
    .optional(),
  authorId: idParam('Only messages by this user').optional(),
  channelId: idParam('Only this channel (one the caller cannot see, or not of the place searched, has no hits)').optional(),
  before: idParam('Only messages older than this message id (exclusive): the next page is `before` the last hit').optional(),
  after: idParam('Only messages newer than this message id (exclusive)').optional(),
  limit: integerParam(SEARCH_LIMIT, `1-${SEARCH_LIMIT.max}, default ${SEARCH_LIMIT.default}`).optional(),
});
