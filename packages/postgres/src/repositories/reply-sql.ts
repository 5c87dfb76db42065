import { REPLY_PREVIEW_LENGTH, type Id, type ReplyPreview } from '@chat/domain';
import { sql, type RawBuilder } from 'kysely';
import { concat, type Part } from './message-fields';

/*
 * A reply's preview in SQL: the message it answers, read by primary key where `reply_to` is set
 * (a message that answers none reads nothing more), and its JSON as the contract's `messageJson`
 * writes `replyTo`. Both the page and the send's `message.created` write it from these.
 */

type Sql = RawBuilder<unknown>;
/** A value, or a column of an enclosing query (as `message-sql`'s `Operand`). */
type Operand = string | Sql;

/**
 * The answered message as columns `reply_id`, `reply_author_id`, `reply_username`, `reply_content`
 * (its first `REPLY_PREVIEW_LENGTH` characters: `left` counts code points, as `previewOf` does):
 * no row when `replyTo` is null, names no message, or (with `channelId`) one of another channel.
 * `replyTo is not null` is a one-time filter: where it is null, the index is not even probed.
 * `route`: the replying message's route (a reply answers a message of its own channel), named so the
 * read finds its shard by the key (docs/sharding.md).
 */
export const repliedMessage = (replyTo: Operand, route: Operand, channelId?: Operand) => sql`
  select r.id as reply_id, r.author_id as reply_author_id, ru.username as reply_username, left(r.content, ${sql.lit(REPLY_PREVIEW_LENGTH)}) as reply_content
  from messages r join users ru on ru.id = r.author_id
  where ${replyTo} is not null and r.route_id = ${route} and r.id = ${replyTo} ${channelId === undefined ? sql`` : sql`and r.channel_id = ${channelId}`}`;

/**
 * `replyTo`'s JSON, from the stored id `replyTo` and the columns of `repliedMessage` (under
 * `alias`): null, the preview, or `{"id":…,"deleted":true}` when the message is gone.
 */
export const replyJson = (replyTo: Sql, alias: string): Part[] => {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const preview = concat([
    '{"id":"',
    sql`${column('reply_id')}::text`,
    '","author":{"id":"',
    sql`${column('reply_author_id')}::text`,
    '","username":',
    sql`to_json(${column('reply_username')})::text`,
    '},"content":',
    sql`to_json(${column('reply_content')})::text`,
    '}',
  ]);
  return [
    sql`case when ${replyTo} is null then 'null'
      when ${column('reply_id')} is null then ${concat(['{"id":"', sql`${replyTo}::text`, '","deleted":true}'])}
      else ${preview} end`,
  ];
};

/**
 * What a reply asks to mention (`withRepliedAuthor`): `asked` (a `bigint[]`) and, after it, the
 * answered author, unless `mentionAuthor` is false, they are the replier or `asked` holds them.
 */
export const withRepliedAuthor = (asked: Sql, repliedAuthorId: Sql, mentionAuthor: Sql, replierId: Operand) => sql`
  case when ${mentionAuthor} and ${repliedAuthorId} is not null and ${repliedAuthorId} <> ${replierId} and not (${repliedAuthorId} = any(${asked}))
    then ${asked} || ${repliedAuthorId} else ${asked} end`;

/** The columns of `repliedMessage`, null where it found none. */
export interface RepliedColumns {
  reply_id: string | null;
  reply_author_id: string | null;
  reply_username: string | null;
  reply_content: string | null;
}

/** The columns of `repliedMessage` as the entity's preview of the stored `replyTo`. */
export const replyPreviewOf = (replyTo: Id | null, row: RepliedColumns): ReplyPreview | null => {
  if (replyTo === null) return null;
  if (row.reply_id === null || row.reply_author_id === null || row.reply_username === null || row.reply_content === null) return { id: replyTo, deleted: true };
  return { id: row.reply_id, author: { id: row.reply_author_id, username: row.reply_username }, content: row.reply_content };
};
