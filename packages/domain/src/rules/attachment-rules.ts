import { MAX_MESSAGE_ATTACHMENTS } from '../entities/attachment';
import type { Issue } from '../errors';
import { isId } from '../ids';
import { contentIssues } from './message-rules';

/** A file name is kept in at most this many bytes of UTF-8 (what most file systems allow). */
export const FILENAME_MAX_BYTES = 255;

/** The name given to a file that came without a usable one. */
export const UNNAMED_FILE = 'file';

/** An extension kept when a long name is cut: a dot, then up to 16 letters or digits. */
const EXTENSION = /\.[\p{L}\p{N}]{1,16}$/u;

/**
 * Controls (C0, DEL, C1), bidi controls (which could make `txt.exe` read as `exe.txt`), and halves
 * of surrogate pairs: dropped from a name.
 */
const UNWANTED = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;

/** Bytes of `value` in UTF-8. */
export function utf8Length(value: string): number {
  let bytes = 0;
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** The longest start of `value` that fits `maxBytes` of UTF-8, cut between code points. */
function cutToBytes(value: string, maxBytes: number): string {
  let kept = '';
  for (const char of value) {
    if (utf8Length(kept) + utf8Length(char) > maxBytes) break;
    kept += char;
  }
  return kept;
}

/**
 * The name a client gave its file, made safe to show and to offer when saving: its last path
 * segment only, no control or bidi characters, at most 255 bytes (a long name keeps its
 * extension), and `file` when nothing is left. It is never used as a storage path.
 */
export function sanitizeFilename(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const clean = base.replace(UNWANTED, '').normalize('NFC').trim();
  if (clean === '' || /^\.+$/.test(clean)) return UNNAMED_FILE;
  if (utf8Length(clean) <= FILENAME_MAX_BYTES) return clean;
  const extension = EXTENSION.exec(clean)?.[0] ?? '';
  const stem = cutToBytes(clean.slice(0, clean.length - extension.length), FILENAME_MAX_BYTES - utf8Length(extension)).trimEnd();
  return stem === '' ? UNNAMED_FILE : `${stem}${extension}`;
}

/**
 * The attachments a send names: at most `MAX_MESSAGE_ATTACHMENTS` ids, each an id and named once.
 * Whether each is the sender's and still free is the store's to tell (`createAs`).
 */
export function attachmentIdsIssues(ids: readonly string[], path = 'attachmentIds'): Issue[] {
  if (ids.length > MAX_MESSAGE_ATTACHMENTS) return [{ path, message: `must hold at most ${MAX_MESSAGE_ATTACHMENTS} ids` }];
  const issues: Issue[] = [];
  ids.forEach((id, index) => {
    if (!isId(id)) issues.push({ path: `${path}.${index}`, message: 'must be an attachment id' });
    else if (ids.indexOf(id) !== index) issues.push({ path: `${path}.${index}`, message: 'names an attachment already named' });
  });
  return issues;
}

/** A send's content: as any message's, or empty when it carries files (a bare screenshot). */
export function sentContentIssues(content: string, attachmentCount: number, path = 'content'): Issue[] {
  if (content !== '') return contentIssues(content, path);
  return attachmentCount > 0 ? [] : [{ path, message: 'must not be empty when the message carries no files' }];
}
