import { attachmentFromJson, messageAttachmentJson } from '@chat/contract';
import type { Message, MessageAttachment } from '@chat/domain';
import { sql, type ColumnType, type RawBuilder } from 'kysely';

/*
 * The message's stored fields, once: each one's column, its SQL type, how the wire's JSON writes it
 * and what a new message stores in it. The `messages` table's type, the row mapping, the inserts
 * and the JSON the database writes (the page, `message.created`) are derived from this table, so a
 * new stored field is one line here (and its migration, the entity, the contract). The order is
 * the wire's key order (the contract's `messageJson` must follow it; the store contracts compare
 * the bytes) and the insert's column order.
 */

/** How the wire's JSON writes a value of each kind, from a SQL expression of it (`p.created_at`, `$3::text`). */
const KINDS = {
  /** A bigint id: a string of digits, which needs no escaping. */
  id: { type: 'bigint', cast: 'text', json: (e: Sql): Part[] => ['"', e, '"'] },
  /** Text through `to_json`, which escapes as `JSON.stringify` does. */
  text: { type: 'text', cast: 'text', json: (e: Sql): Part[] => [sql`to_json(${e})::text`] },
  /** A timestamp as `toISOString` writes it. */
  date: { type: 'timestamptz', cast: 'timestamptz', json: (e: Sql): Part[] => ['"', isoDate(e), '"'] },
  /** `true` or `false`, as boolean's text is. */
  boolean: { type: 'boolean', cast: 'boolean', json: (e: Sql): Part[] => [e] },
  /** Bigint ids: an array of strings of digits, `array_to_json` writing it compact as `JSON.stringify` does. */
  ids: { type: 'bigint[]', cast: 'bigint[]', json: (e: Sql): Part[] => [sql`array_to_json(${e}::text[])::text`] },
  /**
   * A message's files: a `json` value holding their wire text (`messageAttachmentJson`, links
   * unsigned), which `json` keeps byte for byte, so the renderers write it as it is.
   */
  attachments: { type: 'json', cast: 'json', json: (e: Sql): Part[] => [sql`${e}::text`] },
  /** A moment that may not have come (null): the JSON says only whether it did, `true` or `false`; `none` is a new message's. */
  mark: { type: 'timestamptz', cast: 'timestamptz', json: (e: Sql): Part[] => [sql`(${e} is not null)`], none: 'false' },
} as const;

type Kind = keyof typeof KINDS;
interface Values {
  id: string;
  text: string;
  date: Date;
  boolean: boolean;
  ids: readonly string[];
  attachments: readonly MessageAttachment[];
  mark: Date | null;
}

interface Field {
  readonly column: string;
  readonly kind: Kind;
  readonly nullable?: true;
  /** Its key in the message's JSON; `false` when the JSON writes it elsewhere (the author). */
  readonly json: string | false;
  /**
   * What a new message stores: the send's own value (default), the actor's id, null, or `kept`:
   * what the rules keep of the send's value (a mention, see `keptMentions`), which the statement
   * computes. A literal is written into the statements' text rather than sent as a parameter.
   * `claimed`: what the statement's claim of the send's files took (`CLAIMED`, see the send statements).
   */
  readonly created?: 'actor' | 'null' | 'kept' | 'claimed';
  /**
   * Its JSON is not its value but what the value points to, read with it (a reply's message): the
   * statement that writes the JSON supplies that text (`fieldsJson`'s `joined`).
   */
  readonly joined?: true;
}

export const MESSAGE_FIELDS = {
  id: { column: 'id', kind: 'id', json: 'id' },
  channelId: { column: 'channel_id', kind: 'id', json: 'channelId' },
  authorId: { column: 'author_id', kind: 'id', json: false, created: 'actor' },
  content: { column: 'content', kind: 'text', json: 'content' },
  createdAt: { column: 'created_at', kind: 'date', json: 'createdAt' },
  editedAt: { column: 'edited_at', kind: 'date', nullable: true, json: 'editedAt', created: 'null' },
  mentions: { column: 'mentions', kind: 'ids', json: 'mentions', created: 'kept' },
  mentionRoles: { column: 'mention_roles', kind: 'ids', json: 'mentionRoles', created: 'kept' },
  mentionEveryone: { column: 'mention_everyone', kind: 'boolean', json: 'mentionEveryone', created: 'kept' },
  attachments: { column: 'attachments', kind: 'attachments', json: 'attachments', created: 'claimed' },
  replyTo: { column: 'reply_to', kind: 'id', nullable: true, json: 'replyTo', joined: true },
  pinnedAt: { column: 'pinned_at', kind: 'mark', json: 'pinned', created: 'null' },
} as const satisfies { readonly [K in keyof Message]: Field };

type Fields = typeof MESSAGE_FIELDS;
type Key = keyof Fields;
type ValueOf<F extends Field> = Values[F['kind']] | (F['nullable'] extends true ? null : never);

/** The compiler holds each field's kind to the entity's type of it, both ways. */
type Mismatched = { [K in Key]: [ValueOf<Fields[K]>] extends [Message[K]] ? ([Message[K]] extends [ValueOf<Fields[K]>] ? never : K) : K }[Key];
const agrees: [Mismatched] extends [never] ? true : Mismatched = true;
void agrees;

/**
 * The `messages` table as Kysely sees it; the id and the route are never updated. `route_id` is no
 * field of the entity: it is where the row lives (`ChannelRoutes`; docs/sharding.md), the channel's
 * server or the conversation, written by every insert and named by every hot read.
 */
export type MessagesTable = {
  [K in Key as Fields[K]['column']]: K extends 'id'
    ? ColumnType<string, string, never>
    : Fields[K]['kind'] extends 'attachments'
      ? ColumnType<Message[K], Message[K] | string | undefined, Message[K] | string> // json: written as its wire text (`toRow`), '[]' by default
      : Message[K];
} & { route_id: ColumnType<string, string, never> };
/** A row of `messages` as read. */
export type MessageRow = { [K in Key as Fields[K]['column']]: Message[K] };

const KEYS = Object.keys(MESSAGE_FIELDS) as Key[];
const field = (key: Key): Field => MESSAGE_FIELDS[key];

/** The columns, in insert order. */
export const MESSAGE_COLUMNS = KEYS.map((key) => field(key).column) as Fields[Key]['column'][];

/** A value as a parameter: the files as their wire text (the driver would send an array as a PostgreSQL array). */
const param = (key: Key, value: unknown): unknown =>
  field(key).kind === 'attachments' ? JSON.stringify((value as readonly MessageAttachment[]).map(messageAttachmentJson)) : value;

/** A column's value as the entity's: the files read back from their wire form (the driver parses json), links left behind. */
const read = (key: Key, value: unknown): unknown =>
  field(key).kind === 'attachments' ? (value as Record<string, unknown>[]).map(attachmentFromJson) : value;

export const toRow = (message: Message): MessageRow => Object.fromEntries(KEYS.map((key) => [field(key).column, param(key, message[key])])) as MessageRow;
export const fromRow = (row: MessageRow): Message =>
  Object.fromEntries(KEYS.map((key) => [key, read(key, (row as Record<string, unknown>)[field(key).column])])) as unknown as Message;

/** The fields a send supplies itself, sent as parameters (the rest are the actor or a literal); `kept` ones too, as asked. */
export type SentKey = { [K in Key]: Fields[K] extends { created: 'actor' | 'null' | 'claimed' } ? never : K }[Key];
export const SENT_KEYS = KEYS.filter((key) => field(key).created === undefined || field(key).created === 'kept') as SentKey[];

/** The column of the send statements' claim that holds what a new message stores in a `claimed` field. */
export const CLAIMED = 'claimed_attachments';
/** The fields whose stored value the statement computes from the send's (`created: 'kept'`). */
export type KeptKey = { [K in Key]: Fields[K] extends { created: 'kept' } ? K : never }[Key];
export const isKept = (key: Key): key is KeptKey => field(key).created === 'kept';
export const sqlTypeOf = (key: Key): string => KINDS[field(key).kind].type;

/**
 * How a batch's `unnest` carries a field: an array of ids travels as the text of an array literal
 * (`{1,2}`: ids are digits), since `unnest` flattens an array of arrays; `read` turns the column
 * back into its type.
 */
export const batchedOf = (key: Key): { type: string; encode: (value: unknown) => unknown; read: (column: string) => string } =>
  field(key).kind === 'ids'
    ? { type: 'text', encode: (ids) => `{${(ids as readonly string[]).join(',')}}`, read: (column) => `${column}::bigint[] as ${column}` }
    : { type: sqlTypeOf(key), encode: (value) => value, read: (column) => column };

/**
 * What a new message's insert writes in each column, in `MESSAGE_COLUMNS`' order: `sent(key)` for
 * the send's own fields (for `kept` ones, what the statement kept), `actor` for the author, `null` for the rest.
 */
export const insertedValues = (sent: (key: SentKey) => Sql, actor: Sql): Sql =>
  sql.join(
    KEYS.map((key) => {
      const { created } = field(key);
      return created === 'actor' ? actor : created === 'null' ? sql`null` : created === 'claimed' ? sql.raw(CLAIMED) : sent(key as SentKey);
    }),
  );

/** A piece of a JSON text: a literal, or a SQL expression of text. */
export type Part = string | Sql;
type Sql = RawBuilder<unknown>;

/** The fields whose JSON is what they point to (`joined`). */
export type JoinedKey = { [K in Key]: Fields[K] extends { joined: true } ? K : never }[Key];

/**
 * The message's fields as JSON text up to the author: `{"id":"...","channelId":...`. `valueOf`
 * gives each field's SQL expression, `joined` the JSON text of a `joined` one; a new message's
 * `null` fields are written as `null`.
 */
export function fieldsJson(valueOf: (key: Key, cast: string) => Sql, fresh: boolean, joined: (key: JoinedKey) => Part[]): Part[] {
  const parts: Part[] = [];
  for (const key of KEYS) {
    const { json, kind, nullable, created } = field(key);
    if (json === false) continue;
    parts.push(`${parts.length === 0 ? '{' : ','}"${json}":`);
    if (field(key).joined) parts.push(...joined(key as JoinedKey));
    else if (fresh && created === 'null') parts.push(noneOf(kind));
    else if (nullable) parts.push(orNull(KINDS[kind].json(valueOf(key, KINDS[kind].cast))));
    else parts.push(...KINDS[kind].json(valueOf(key, KINDS[kind].cast)));
  }
  return parts;
}

/** What a new message's JSON says of a field it holds nothing in: `null`, or its kind's own word for none. */
const noneOf = (kind: Kind): string => {
  const written: { readonly type: string; readonly none?: string } = KINDS[kind];
  return written.none ?? 'null';
};

/** A nullable value's JSON: its text, or `null` (the concatenation is null when the value is). */
const orNull = (parts: Part[]): Sql => sql`coalesce(${parts.length === 1 ? sql`${concat(parts)}::text` : concat(parts)}, 'null')`;

/** The parts joined with `||`, neighbouring literals merged into one (the text the renderers wrote by hand). */
export function concat(parts: readonly Part[]): Sql {
  const merged: Part[] = [];
  for (const part of parts) {
    const last = merged[merged.length - 1];
    if (typeof part === 'string' && typeof last === 'string') merged[merged.length - 1] = last + part;
    else merged.push(part);
  }
  return sql.join(
    merged.map((part) => (typeof part === 'string' ? sql.raw(`'${part.replaceAll("'", "''")}'`) : part)),
    sql` || `,
  );
}

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds, Z); null stays null. */
export const isoDate = (column: Sql) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
