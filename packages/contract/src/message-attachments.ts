import type { MessageAttachment } from '@chat/domain';
import type { z } from 'zod';
import type { AttachmentResponse } from './attachment';
import { num, str, type Json } from './read-json';

/*
 * A message's files on the wire. What is stored (a message's row, its event in the log) holds each
 * file's link unsigned: `"url":"/api/attachments/<id>"`, which downloads nothing (403). The edge
 * signs it whenever the text leaves the API (`signAttachmentUrls`: a page, an answer, a gateway
 * frame), so every read of a message brings a link that works for ATTACHMENT_URL_TTL_SECONDS from then.
 */

/** Where the download route is: the unsigned link's path, before its `?expires=…&signature=…`. */
export const ATTACHMENT_PATH = '/api/attachments';

export const unsignedAttachmentUrl = (id: string): string => `${ATTACHMENT_PATH}/${id}`;

/** A file of a message as stored on the wire, its link unsigned; keys in `AttachmentResponse`'s order. */
export const messageAttachmentJson = (a: MessageAttachment): z.output<typeof AttachmentResponse> => ({
  id: a.id,
  filename: a.filename,
  contentType: a.contentType,
  size: a.size,
  width: a.width,
  height: a.height,
  url: unsignedAttachmentUrl(a.id),
});

export const attachmentFromJson = (a: Json): MessageAttachment => ({
  id: str(a.id),
  filename: str(a.filename),
  contentType: str(a.contentType),
  size: num(a.size),
  width: a.width === null ? null : num(a.width),
  height: a.height === null ? null : num(a.height),
});

/** A link as the serializers write it: quotes are structure (a string's own are escaped), so content never matches. */
const UNSIGNED = /"url":"\/api\/attachments\/([0-9]+)"/g;
/** The pattern's fixed start, searched first: a text without it (a page with no files) is returned as it is, unscanned by the pattern. */
const MARK = `"url":"${ATTACHMENT_PATH}/`;

/**
 * `text` (JSON holding messages: a page, an answer, an event's data) with each file's link signed by
 * `sign` (`AttachmentLinks.urlOf` at the moment of the read). A text without files is returned as
 * it is, after one `indexOf`; one already signed is unchanged.
 */
export function signAttachmentUrls<T extends string>(text: T, sign: (attachmentId: string) => string): T {
  if (!text.includes(MARK)) return text;
  return text.replace(UNSIGNED, (_, id: string) => `"url":${JSON.stringify(sign(id))}`) as T;
}
