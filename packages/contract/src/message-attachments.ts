import type { MessageAttachment } from '@chat/domain';
import type { z } from 'zod';
import { attachmentJson, type AttachmentResponse } from './attachment';
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
export const messageAttachmentJson = (a: MessageAttachment): z.output<typeof AttachmentResponse> => attachmentJson({ ...a, url: unsignedAttachmentUrl(a.id) });

export const attachmentFromJson = (a: Json): MessageAttachment => ({
  id: str(a.id),
  filename: str(a.filename),
  contentType: str(a.contentType),
  size: num(a.size),
  width: a.width === null ? null : num(a.width),
  height: a.height === null ? null : num(a.height),
});

/** What precedes an unsigned link's path in the wire's text: quotes are structure (a string's own are escaped), so a content never holds it. */
const KEY = '"url":"';
/** The path searched for: rare in a page's text, so a page without files is passed over at the speed of `indexOf`. */
const PATH = `${ATTACHMENT_PATH}/`;
const QUOTE = 0x22;
const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/**
 * `text` (JSON holding messages: a page, an answer, an event's data) with each file's link signed by
 * `sign` (`AttachmentLinks.urlOf` at the moment of the read): every `"url":"/api/attachments/<id>"`
 * and nothing else. A text without files is returned as it is, after one `indexOf`; one already
 * signed is unchanged. A scan rather than a regular expression: a page of 100 links costs a few
 * microseconds beyond their signatures.
 */
export function signAttachmentUrls<T extends string>(text: T, sign: (attachmentId: string) => string): T {
  let at = text.indexOf(PATH);
  if (at < 0) return text;
  let signed = '';
  let from = 0;
  while (at >= 0) {
    const start = at + PATH.length;
    let end = start;
    while (end < text.length && isDigit(text.charCodeAt(end))) end += 1;
    if (end > start && text.charCodeAt(end) === QUOTE && text.startsWith(KEY, at - KEY.length)) {
      signed += `${text.slice(from, at)}${JSON.stringify(sign(text.slice(start, end))).slice(1, -1)}`;
      from = end;
    }
    at = text.indexOf(PATH, end);
  }
  return `${signed}${text.slice(from)}` as T;
}
