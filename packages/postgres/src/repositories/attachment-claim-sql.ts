import { ATTACHMENT_PATH } from '@chat/contract';
import { bitOf } from '@chat/domain';
import { sql } from 'kysely';

/* A send's claim of its files, inside the send's one statement (`CREATE`, `CREATE_MANY`). */

/**
 * What a send's row says of its files: how many were claimed and what the message keeps of them, in
 * the wire form (the driver parses the json; null where the gate stayed shut).
 */
export interface ClaimedRow {
  claimed_count: number | null;
  claimed_attachments: Record<string, unknown>[] | null;
}

export const claimedColumns = sql.raw('claimed_count, claimed_attachments');

/** `claimed`'s columns for a send that names no file: the statement of that shape has no claim at all. */
export const NOTHING_CLAIMED = sql.raw(`0 as claimed_count, '[]'::json as claimed_attachments`);

const ATTACH = sql.lit(bitOf('ATTACH_FILES'));

/**
 * A claimed file `c` as the wire writes it (`messageAttachmentJson`: its keys in order, its link
 * unsigned), null for none; strings through `to_json`, which escapes as `JSON.stringify` does.
 */
const attachmentText = sql`'{"id":"' || c.id || '","filename":' || to_json(c.filename)::text || ',"contentType":' || to_json(c.content_type)::text
  || ',"size":' || c.size || ',"width":' || coalesce(c.width::text, 'null') || ',"height":' || coalesce(c.height::text, 'null')
  || ',"url":"${sql.raw(ATTACHMENT_PATH)}/' || c.id || '"}'`;

/** An upload `a` of the send `s`'s author that no message ever took and that is no avatar or banner. */
const free = (a: string) => sql.raw(`${a}.id = any(s.attachment_ids) and ${a}.uploader_id = s.user_id and ${a}.message_id is null and ${a}.attached_at is null and ${a}.used_as is null`);

/**
 * Two CTEs over `source`'s rows (a send each: its gate's columns, `id`, `created_at`, `user_id`,
 * `attachment_ids`, `n`, `reply_found`): `claim` takes the files of each send whose gate opens,
 * whose reply (if any) found its message, who holds ATTACH_FILES there, and all of whose files are
 * free (else none is touched); `claimed` is one row
 * per send: how many it took, and the message's `attachments` (in the order named).
 *
 * Two sends racing for one file both find it free in their snapshot; the second's update waits for
 * the first's and then skips the row (READ COMMITTED re-reads it: taken). It then took fewer than
 * it named, so `sentOnly` writes nothing of it; any file it did take names a message that was never
 * inserted, which the foreign key refuses at the statement's end: the whole statement fails and
 * nothing is left half done (the store answers it as the files being unavailable).
 */
export const claimAttachments = (source: string) => sql`
    claim as (
      update attachments a set message_id = s.id, attached_at = s.created_at
      from ${sql.raw(source)} s
      where ${free('a')}
        and s.live and s.member_id is not null and s.allowed and s.reply_found and (s.permissions & ${ATTACH}) <> 0
        and (select count(*) from attachments r where ${free('r')}) = cardinality(s.attachment_ids)
      returning a.id, a.message_id, a.filename, a.content_type, a.size, a.width, a.height
    ),
    claimed as (
      select s.n, count(c.id)::int as claimed_count,
             ('[' || coalesce(string_agg(${attachmentText}, ',' order by array_position(s.attachment_ids, c.id)), '') || ']')::json as claimed_attachments
      from ${sql.raw(source)} s left join claim c on c.message_id = s.id
      group by s.n
    )`;

/** Where a send is written: its gate opened, its reply (if any) found its message, and it took every file it named. */
export const sentOnly = sql`live and member_id is not null and allowed and reply_found and claimed_count = cardinality(attachment_ids)`;
