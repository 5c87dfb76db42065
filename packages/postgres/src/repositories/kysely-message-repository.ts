import type {
  Actor,
  AddReactionOutcome,
  Gated,
  Message,
  MessageCursor,
  MessageRepository,
  MessageView,
  Reaction,
  ReactionState,
  ReactionSummary,
  UserSummary,
} from '@chat/domain';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isDatabaseUnavailable } from '../driver-errors';
import { inTransaction } from '../in-transaction';
import { PrecompiledStatement, preparedMark } from '../prepared-statements';
import { SameTurnBatcher } from '../same-turn-batcher';
import type { Database } from '../schema';

/** What the message store tells its owner, for the logs. */
export interface MessageStoreEvents {
  /** A batch of sends failed and each send was tried again alone (see `sends`). */
  readonly onBatchRetriedAlone?: (error: unknown, size: number) => void;
  /** Sends were committed, each with its `message.created` event (to wake the relay). */
  readonly onSendsCommitted?: () => void;
}

export class KyselyMessageRepository implements MessageRepository {
  /** `hot` runs the marked (prepared, generically planned) statements: pageAs, pageJsonAs, createAs. */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly hot: Kysely<Database> = db,
    private readonly events: MessageStoreEvents = {},
  ) {}

  async create(message: Message): Promise<void> {
    await this.db
      .insertInto('messages')
      .values({
        id: message.id,
        channel_id: message.channelId,
        author_id: message.authorId,
        content: message.content,
        created_at: message.createdAt,
        edited_at: message.editedAt,
      })
      .execute();
  }

  async findById(id: string): Promise<Message | null> {
    const row = await this.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
    return row
      ? { id: row.id, channelId: row.channel_id, authorId: row.author_id, content: row.content, createdAt: row.created_at, editedAt: row.edited_at }
      : null;
  }

  async view(id: string, viewerId: string): Promise<MessageView | null> {
    const row = await this.views(viewerId).where('m.id', '=', id).executeTakeFirst();
    return row ? toView(row) : null;
  }

  /**
   * One statement: the gate (session, channel, membership) and, only if it opens, the page. The
   * gate is an uncorrelated sub-select in the page's condition, so PostgreSQL plans it as a one-time
   * filter above the index scan: a closed gate reads no message (a join would scan the channel).
   * The channel is a range of one value and the order names it, so even a generic plan, which
   * cannot know a channel's size, reads (channel_id, id) in index order from the cursor on: with
   * `channel_id = $1` it may walk the whole primary key backwards for a small channel. The page's
   * reactions are aggregated in one pass over its 50 ids (probed in the primary key) rather than by
   * a sub-select per message. The CTEs are in `gatedPage`.
   */
  async pageAs(actor: Actor, channelId: string, cursor: MessageCursor): Promise<Gated<MessageView[]>> {
    const { rows } = await PAGE_ROWS.execute(this.hot, pageValues(actor, channelId, cursor));
    const gate = gateOf(rows[0]);
    if (!gate.ok) return gate;
    return { ok: true, value: rows.filter((row): row is GateRow & ViewRow => row.id !== null && row.id !== undefined).map(toView) };
  }

  /**
   * `pageAs`, rendered by PostgreSQL as the interface's JSON: one text value instead of 50 rows to
   * decode, wrap in objects and encode again, which was a third of the API's CPU per page.
   */
  async pageJsonAs(actor: Actor, channelId: string, cursor: MessageCursor): Promise<Gated<string>> {
    const { rows } = await PAGE_JSON.execute(this.hot, pageValues(actor, channelId, cursor));
    const gate = gateOf(rows[0]);
    return gate.ok ? { ok: true, value: rows[0]?.body ?? '[]' } : gate;
  }

  /**
   * One statement: the gate, and the insert only if it opens. Sends that arrive in the same turn of
   * the event loop share one statement, each row with its own gate (see `sends`).
   */
  async createAs(actor: Actor, message: Omit<Message, 'authorId'>, nonce: string | null): Promise<Gated<UserSummary>> {
    return gateOf(
      await this.sends.submit({
        sessionId: actor.sessionId,
        userId: actor.userId,
        id: message.id,
        channelId: message.channelId,
        content: message.content,
        createdAt: message.createdAt,
        nonce,
      }),
    );
  }

  /**
   * Several sends in one statement and one commit, which cuts PostgreSQL's CPU per message under
   * load (bench/RESULTS.md, "What changed in session 4", has the figures). A batch that fails for a
   * reason of its own rows (a channel deleted meanwhile, a malformed id) is retried one send at a
   * time, so one bad send fails alone; a database that is away fails them all at once, without a
   * second wait.
   */
  private readonly sends = new SameTurnBatcher<CreateValues, GateRow>(
    async (batch) => {
      const { rows } = batch.length === 1 && batch[0] ? await CREATE.execute(this.hot, batch[0]) : await CREATE_MANY.execute(this.hot, columnsOf(batch));
      if (rows.some((row) => row.live && row.member_id !== null)) this.events.onSendsCommitted?.();
      return rows;
    },
    {
      max: 100,
      retryAlone: (error) => !isDatabaseUnavailable(error),
      onRetryAlone: (error, size) => this.events.onBatchRetriedAlone?.(error, size),
    },
  );

  async updateContent(id: string, content: string, editedAt: Date): Promise<void> {
    await this.db.updateTable('messages').set({ content, edited_at: editedAt }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<'deleted' | 'absent'> {
    // Reactions go with the message through ON DELETE CASCADE.
    const result = await this.db.deleteFrom('messages').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n ? 'deleted' : 'absent';
  }

  async addReaction(reaction: Reaction, maxDistinctEmoji: number): Promise<AddReactionOutcome> {
    return inTransaction(this.db, async (trx) => {
      // Locking the message serializes reactions to it, so the distinct-emoji cap holds under races.
      const message = await trx.selectFrom('messages').select('id').where('id', '=', reaction.messageId).forUpdate().executeTakeFirst();
      if (!message) return 'MessageNotFound';
      const counts = await trx
        .selectFrom('reactions')
        .select([
          sql<number>`count(distinct emoji)::int`.as('distinct'),
          sql<boolean>`coalesce(bool_or(emoji = ${reaction.emoji}), false)`.as('emojiPresent'),
          sql<boolean>`coalesce(bool_or(emoji = ${reaction.emoji} and user_id = ${reaction.userId}), false)`.as('mine'),
        ])
        .where('message_id', '=', reaction.messageId)
        .executeTakeFirstOrThrow();
      if (counts.mine) return 'already';
      if (!counts.emojiPresent && counts.distinct >= maxDistinctEmoji) return 'TooManyReactions';
      const inserted = await trx
        .insertInto('reactions')
        .values({ message_id: reaction.messageId, user_id: reaction.userId, emoji: reaction.emoji, created_at: reaction.createdAt })
        .onConflict((oc) => oc.columns(['message_id', 'emoji', 'user_id']).doNothing())
        .executeTakeFirst();
      return inserted.numInsertedOrUpdatedRows === 1n ? 'added' : 'already';
    });
  }

  async removeReaction(messageId: string, userId: string, emoji: string): Promise<'removed' | 'absent'> {
    return inTransaction(this.db, async (trx) => {
      // The lock addReaction takes: in a unit of work, the count read after this is exact until commit.
      await trx.selectFrom('messages').select('id').where('id', '=', messageId).forUpdate().executeTakeFirst();
      const result = await trx
        .deleteFrom('reactions')
        .where('message_id', '=', messageId)
        .where('user_id', '=', userId)
        .where('emoji', '=', emoji)
        .executeTakeFirst();
      return result.numDeletedRows > 0n ? 'removed' : 'absent';
    });
  }

  async reactionState(messageId: string, emoji: string, viewerId: string): Promise<ReactionState> {
    const row = await this.db
      .selectFrom('reactions')
      .select([sql<number>`count(*)::int`.as('count'), sql<boolean>`coalesce(bool_or(user_id = ${viewerId}), false)`.as('reacted')])
      .where('message_id', '=', messageId)
      .where('emoji', '=', emoji)
      .executeTakeFirstOrThrow();
    return { messageId, emoji, count: row.count, reacted: row.reacted };
  }

  private views(viewerId: string) {
    return this.db
      .selectFrom('messages as m')
      .innerJoin('users as u', 'u.id', 'm.author_id')
      .select([
        'm.id',
        'm.channel_id',
        'm.content',
        'm.created_at',
        'm.edited_at',
        'm.author_id',
        'u.username',
        reactionsOf(viewerId).as('reactions'),
      ]);
  }
}

interface ViewRow {
  id: string;
  channel_id: string;
  content: string;
  created_at: Date;
  edited_at: Date | null;
  author_id: string;
  username: string;
  reactions: ReactionSummary[];
}

const toView = (row: ViewRow): MessageView => ({
  id: row.id,
  channelId: row.channel_id,
  content: row.content,
  createdAt: row.created_at,
  editedAt: row.edited_at,
  author: { id: row.author_id, username: row.username },
  reactions: row.reactions,
});

/**
 * The CTEs of a gated page: `gate` (one row, see gateQuery), `page` (the messages, newest or nearest
 * the cursor first) and `counts` (their reactions: one row per message and emoji, from the viewer's side).
 */
function gatedPage({ sessionId, userId, channelId, before, after, limit }: PageValues) {
  const direction = after === undefined ? sql`desc` : sql`asc`;
  return sql`
    with gate as (${gateQuery({ sessionId, userId }, channelId)}),
    page as (
      select m.id, m.channel_id, m.content, m.created_at, m.edited_at, m.author_id
      from messages m
      where (select g.live and g.member_id is not null from gate g)
        and m.channel_id >= ${channelId} and m.channel_id <= ${channelId}
        ${before !== undefined ? sql`and m.id < ${before}` : sql``}
        ${after !== undefined ? sql`and m.id > ${after}` : sql``}
      order by m.channel_id ${direction}, m.id ${direction}
      limit ${limit}
    ),
    counts as (${reactionCounts(userId, sql`message_id = any(array(select id from page))`)})`;
}

/** What a gated page takes, always in this order (the statement is compiled once per cursor shape). */
interface PageValues extends Record<string, unknown> {
  sessionId: string;
  userId: string;
  channelId: string;
  before: string | undefined;
  after: string | undefined;
  limit: number;
}

const pageValues = (actor: Actor, channelId: string, { before, after, limit }: MessageCursor): PageValues => ({
  sessionId: actor.sessionId,
  userId: actor.userId,
  channelId,
  before,
  after,
  limit,
});

const PAGE_ROWS = new PrecompiledStatement<PageValues, GateRow & Partial<ViewRow>>(
  (values) => sql`${sql.raw(preparedMark('page_as'))}
    ${gatedPage(values)},
    summaries as (select message_id, ${reactionArray} as reactions from counts group by message_id)
    select g.live, g.found, g.member_id, g.member_username,
           p.*, u.username, coalesce(s.reactions, '[]'::json) as reactions
    from gate g
    left join page p on true
    left join users u on u.id = p.author_id
    left join summaries s on s.message_id = p.id
    order by p.id`,
);

/**
 * The page as the interface's JSON, written by PostgreSQL: each message's reactions joined in order
 * of first use, then the messages joined in order of id, with `string_agg`'s delimiter as the comma
 * between elements. Strings go through `to_json`, which escapes as `JSON.stringify` does, so the
 * text is exactly `JSON.stringify` of the `messageViewJson` values (the contract compares them byte
 * for byte). A message without reactions has no row in `lists`, hence `coalesce`.
 */
const PAGE_JSON = new PrecompiledStatement<PageValues, GateRow & { body: string }>(
  (values) => sql`${sql.raw(preparedMark('page_json_as'))}
    ${gatedPage(values)},
    lists as (
      select message_id,
             string_agg('{"emoji":' || to_json(emoji)::text || ',"count":' || count || ',"reacted":' || reacted || '}', ',' order by first_seq) as list
      from counts group by message_id
    )
    select g.live, g.found, g.member_id, g.member_username, (
      select '[' || coalesce(string_agg(
               '{"id":"' || p.id || '","channelId":"' || p.channel_id || '","content":' || to_json(p.content)::text
               || ',"createdAt":"' || ${isoDate(sql`p.created_at`)} || '","editedAt":'
               || coalesce('"' || ${isoDate(sql`p.edited_at`)} || '"', 'null')
               || ',"author":{"id":"' || p.author_id || '","username":' || to_json(u.username)::text || '},"reactions":['
               || coalesce(l.list, '') || ']}',
             ',' order by p.id), '') || ']'
      from page p
      join users u on u.id = p.author_id
      left join lists l on l.message_id = p.id
    ) as body
    from gate g`,
);

interface CreateValues extends Record<string, unknown> {
  sessionId: string;
  userId: string;
  id: string;
  channelId: string;
  content: string;
  createdAt: Date;
  nonce: string | null;
}

/**
 * The `message.created` event of a stored send, as `eventJson` writes it (the store contract reads
 * it back and compares): the message as the REST answer has it, its server and the sender's nonce.
 */
const messageCreatedPayload = (row: Record<'id' | 'channelId' | 'userId' | 'content' | 'createdAt' | 'nonce', unknown>) => sql`
  json_build_object(
    'id', ${row.id}::text, 'channelId', ${row.channelId}::text, 'content', ${row.content}::text,
    'createdAt', ${isoDate(sql`${row.createdAt}::timestamptz`)}, 'editedAt', null,
    'author', json_build_object('id', ${row.userId}::text, 'username', member_username),
    'reactions', '[]'::json, 'serverId', server_id::text, 'nonce', ${row.nonce}::text
  )::text`;

const CREATE = new PrecompiledStatement<CreateValues, GateRow>(
  ({ sessionId, userId, id, channelId, content, createdAt, nonce }) => sql`${sql.raw(preparedMark('create_as'))}
    with gate as (${gateQuery({ sessionId, userId }, channelId)}),
    stored as (
      insert into messages (id, channel_id, author_id, content, created_at, edited_at)
      select ${id}::bigint, ${channelId}::bigint, ${userId}::bigint, ${content}::text, ${createdAt}::timestamptz, null
      from gate where live and member_id is not null
      returning id
    ),
    logged as (
      insert into events (type, server_id, payload)
      select 'message.created', server_id, ${messageCreatedPayload({ id, channelId, userId, content, createdAt, nonce })}
      from gate where live and member_id is not null
    )
    select live, found, member_id, member_username from gate`,
);

/** `CreateValues` of several sends, column by column, for `unnest`. */
interface CreateColumns extends Record<string, unknown> {
  sessionIds: string[];
  userIds: string[];
  ids: string[];
  channelIds: string[];
  contents: string[];
  createdAts: Date[];
  nonces: (string | null)[];
}

const columnsOf = (batch: readonly CreateValues[]): CreateColumns => ({
  sessionIds: batch.map((send) => send.sessionId),
  userIds: batch.map((send) => send.userId),
  ids: batch.map((send) => send.id),
  channelIds: batch.map((send) => send.channelId),
  contents: batch.map((send) => send.content),
  createdAts: batch.map((send) => send.createdAt),
  nonces: batch.map((send) => send.nonce),
});

/** `CREATE` for several sends: each row's own gate, one insert, the gates in the sends' order. */
const CREATE_MANY = new PrecompiledStatement<CreateColumns, GateRow>(
  ({ sessionIds, userIds, ids, channelIds, contents, createdAts, nonces }) => sql`${sql.raw(preparedMark('create_many_as'))}
    with sends as (
      select * from unnest(${sessionIds}::bigint[], ${userIds}::bigint[], ${ids}::bigint[], ${channelIds}::bigint[], ${contents}::text[], ${createdAts}::timestamptz[], ${nonces}::text[])
        with ordinality as b (session_id, user_id, id, channel_id, content, created_at, nonce, n)
    ),
    gated as (
      select b.*, g.*
      from sends b
      cross join lateral (${gateQuery({ sessionId: sql`b.session_id`, userId: sql`b.user_id` }, sql`b.channel_id`)}) g
    ),
    stored as (
      insert into messages (id, channel_id, author_id, content, created_at, edited_at)
      select id, channel_id, user_id, content, created_at, null
      from gated where live and member_id is not null
      returning id
    ),
    logged as (
      insert into events (type, server_id, payload)
      select 'message.created', server_id,
             ${messageCreatedPayload({ id: sql`id`, channelId: sql`channel_id`, userId: sql`user_id`, content: sql`content`, createdAt: sql`created_at`, nonce: sql`nonce` })}
      from gated where live and member_id is not null
      order by n
    )
    select live, found, member_id, member_username from gated order by n`,
);

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds, Z); null stays null. */
const isoDate = (column: ReturnType<typeof sql>) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Reactions counted from the viewer's side, one row per message and emoji, with the position of the
 * emoji's first use: the one rule behind every reaction list (a page's `counts`, `view`'s sub-select).
 */
const reactionCounts = (viewerId: string, which: RawBuilder<unknown>) => sql`
  select message_id, emoji, count(*)::int as count, bool_or(user_id = ${viewerId}) as reacted, min(seq) as first_seq
  from reactions where ${which} group by message_id, emoji`;

/** Rows of `reactionCounts` as the interface's array, in order of first use. */
const reactionArray = sql`json_agg(json_build_object('emoji', emoji, 'count', count, 'reacted', reacted) order by first_seq)`;

/** The reactions of message `m` (see `reactionCounts`). */
const reactionsOf = (viewerId: string) =>
  sql<ReactionSummary[]>`coalesce((select ${reactionArray} from (${reactionCounts(viewerId, sql`message_id = m.id`)}) r), '[]'::json)`;

interface GateRow {
  live: boolean;
  found: boolean;
  member_id: string | null;
  member_username: string | null;
}

/** A value, or a column of an enclosing query (a batch's row). */
type Operand = string | RawBuilder<unknown>;

/** Always one row: is the session live, does the channel exist, and who the actor is there as a member. */
const gateQuery = (actor: { readonly userId: Operand; readonly sessionId: Operand }, channelId: Operand) => sql`
  select exists (select 1 from sessions s where s.id = ${actor.sessionId} and s.user_id = ${actor.userId}) as live,
         c.id is not null as found, c.server_id, u.id as member_id, u.username as member_username
  from (values (1)) as one (x)
  left join channels c on c.id = ${channelId}
  left join members mb on mb.server_id = c.server_id and mb.user_id = ${actor.userId}
  left join users u on u.id = mb.user_id`;

/** The gate's row as facts; the statement did its work only when all of them hold. */
function gateOf(row: GateRow | undefined): Gated<UserSummary> {
  const facts = { sessionLive: row?.live === true, channelFound: row?.found === true, member: (row?.member_id ?? null) !== null && (row?.member_username ?? null) !== null };
  if (facts.sessionLive && facts.channelFound && facts.member) return { ok: true, value: { id: row!.member_id!, username: row!.member_username! } };
  return { ok: false, facts };
}
