import { attachmentFromJson } from '@chat/contract';
import { ATTACHMENTS_UNAVAILABLE, has } from '@chat/domain';
import type {
  Actor,
  AddReactionOutcome,
  AroundCursor,
  ReactionCaps,
  Gated,
  Message,
  MessageCursor,
  MessageMentions,
  MessageRepository,
  MessageView,
  RenderedPage,
  Reaction,
  ReactionState,
  PinOutcome,
  SendOutcome,
} from '@chat/domain';
import { sql, type Kysely } from 'kysely';
import { isDatabaseUnavailable, isForeignKeyViolation } from '../driver-errors';
import { inTransaction } from '../in-transaction';
import { SameTurnBatcher } from '../same-turn-batcher';
import type { Database } from '../schema';
import { primaryReads, type ReplicaReads } from '../replicas/replica-reads';
import { pageValues, PAGE_JSON } from './message-page-statements';
import { holdPinsOf, PINS_JSON, pinState, pinsValues } from './message-pin-statements';
import { fromRow, MESSAGE_COLUMNS, toRow } from './message-fields';
import { columnsOf, CREATE, CREATE_MANY, createValues, type CreateValues, type SentRow } from './message-send-statements';
import { ChannelRoutes } from './channel-routes';
import { gateOf, reactionsOf, toView, type GateRow } from './message-sql';

/** A gated read's answer stands where its gate opened; a refusal from a replica is asked of the primary (`ReplicaReads`). */
const gateOpened = ({ rows }: { rows: GateRow[] }): boolean => gateOf(rows[0]).ok;
import { repliedMessage, replyPreviewOf, type RepliedColumns } from './reply-sql';
import { authorMayMentionEveryone, keptColumns } from './mention-sql';

/** What the message store tells its owner, for the logs. */
export interface MessageStoreEvents {
  /** A batch of sends failed and each send was tried again alone (see `sends`). */
  readonly onBatchRetriedAlone?: (error: unknown, size: number) => void;
  /** Sends were committed, each with its `message.created` event (to wake the relay). */
  readonly onSendsCommitted?: () => void;
  /** A statement wrote this many sends together (metrics). */
  readonly onSendBatch?: (size: number) => void;
}

export class KyselyMessageRepository implements MessageRepository {
  /** `hot` runs the marked (prepared, generically planned) statements: pageJsonAs, createAs; `reads` the pages (a replica's `hot`, or this one). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly hot: Kysely<Database> = db,
    private readonly events: MessageStoreEvents = {},
    private readonly reads: ReplicaReads = primaryReads({ db, hot }),
    /** Each channel's route, named by every hot statement (docs/sharding.md); shared by the pool's stores. */
    private readonly routes: ChannelRoutes = new ChannelRoutes(),
  ) {}

  private routeOf(channelId: string): Promise<string> {
    return this.routes.of(this.db, channelId);
  }

  async create(message: Message): Promise<void> {
    const route = await this.routeOf(message.channelId);
    await this.db
      .insertInto('messages')
      .values({ ...toRow(message), route_id: route })
      .execute();
  }

  async findById(id: string): Promise<Message | null> {
    const row = await this.db.selectFrom('messages').select(MESSAGE_COLUMNS).where('id', '=', id).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  /** By its key within its route (docs/sharding.md): one shard on Citus. */
  async findInChannel(channelId: string, messageId: string): Promise<Message | null> {
    const route = await this.routeOf(channelId);
    const row = await this.db
      .selectFrom('messages')
      .select(MESSAGE_COLUMNS)
      .where('route_id', '=', route)
      .where('id', '=', messageId)
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
    return row ? fromRow(row) : null;
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
   * a sub-select per message. The CTEs are in `gatedPage`. PostgreSQL writes the page as the
   * interface's JSON: one text value instead of 50 rows to decode, wrap and encode again.
   */
  async pageJsonAs(actor: Actor, channelId: string, cursor: MessageCursor): Promise<Gated<RenderedPage>> {
    const values = pageValues(actor, channelId, await this.routeOf(channelId), cursor);
    const { rows } = await this.reads.read(({ hot }) => PAGE_JSON.execute(hot, values), gateOpened);
    const gate = gateOf(rows[0]);
    return gate.ok ? { ok: true, value: (rows[0]?.body ?? '[]') as RenderedPage } : gate;
  }

  /** `pageJsonAs`'s statement around a message: its `page` ranks the message and its neighbours (see `gatedPage`). */
  async pageAroundJsonAs(actor: Actor, channelId: string, cursor: AroundCursor): Promise<Gated<RenderedPage | null>> {
    const values = pageValues(actor, channelId, await this.routeOf(channelId), cursor);
    const { rows } = await this.reads.read(({ hot }) => PAGE_JSON.execute(hot, values), gateOpened);
    const gate = gateOf(rows[0]);
    if (!gate.ok) return gate;
    return { ok: true, value: rows[0]?.anchored === true ? (rows[0].body as RenderedPage) : null };
  }

  /**
   * One statement: the gate, and the insert only if it opens. Sends that arrive in the same turn of
   * the event loop share one statement, each row with its own gate (see `sends`).
   */
  async createAs(
    actor: Actor,
    message: Omit<Message, 'authorId'>,
    nonce: string | null,
    attachmentIds: readonly string[] = [],
    mentionAuthor = true,
  ): Promise<Gated<SendOutcome>> {
    let row: SentRow;
    try {
      row = await this.sends.submit(createValues(actor, message, await this.routeOf(message.channelId), nonce, attachmentIds, mentionAuthor));
    } catch (error) {
      // A race for one of its files, lost: the statement took some and wrote nothing (see `claimAttachments`).
      if (isForeignKeyViolation(error, 'attachments_message_id_fkey')) return { ok: true, value: ATTACHMENTS_UNAVAILABLE };
      throw error;
    }
    const gate = gateOf(row, attachmentIds.length === 0 || has(row.permissions, 'ATTACH_FILES'));
    if (!gate.ok) return gate;
    // A reply to no message of the channel claimed no file (the claim waits for `reply_found`).
    if (row.reply_found !== true) return { ok: true, value: 'ReplyTargetMissing' };
    if (row.claimed_count !== attachmentIds.length) return { ok: true, value: ATTACHMENTS_UNAVAILABLE };
    return {
      ok: true,
      value: {
        mentions: row.kept_mentions ?? [],
        mentionRoles: row.kept_mention_roles ?? [],
        mentionEveryone: row.kept_mention_everyone === true,
        attachments: (row.claimed_attachments ?? []).map(attachmentFromJson),
        replyTo: replyPreviewOf(message.replyTo, row),
        author: gate.value,
      },
    };
  }

  /**
   * Several sends in one statement and one commit, which cuts PostgreSQL's CPU per message under
   * load (bench/RESULTS.md, "What changed in session 4", has the figures). A batch that fails for a
   * reason of its own rows (a channel deleted meanwhile, a malformed id) is retried one send at a
   * time, so one bad send fails alone; a database that is away fails them all at once, without a
   * second wait.
   */
  private readonly sends = new SameTurnBatcher<CreateValues, SentRow>(
    async (batch) => {
      this.events.onSendBatch?.(batch.length);
      const { rows } = batch.length === 1 && batch[0] ? await CREATE.execute(this.hot, batch[0]) : await CREATE_MANY.execute(this.hot, columnsOf(batch));
      if (rows.some((row) => row.live && row.member_id !== null)) this.events.onSendsCommitted?.();
      return rows;
    },
    {
      max: 100,
      retryAlone: (error) => !isDatabaseUnavailable(error),
      onRetryAlone: (error, size) => this.events.onBatchRetriedAlone?.(error, size),
      // A statement names one route (docs/sharding.md): a turn's sends to many servers make a statement each.
      keyOf: (send) => send.route,
    },
  );

  /** Serialized with the channel's other pins (`holdPinsOf`), so the cap holds under races. */
  async pin(channelId: string, messageId: string, at: Date, cap: number): Promise<PinOutcome> {
    return inTransaction(this.db, async (trx) => {
      await holdPinsOf(channelId).execute(trx);
      const state = (await pinState(channelId, messageId).execute(trx)).rows[0];
      if (state?.pinned === null || state === undefined) return 'MessageNotFound';
      if (state.pinned) return 'already';
      if (state.count >= cap) return 'TooManyPins';
      await trx.updateTable('messages').set({ pinned_at: at }).where('id', '=', messageId).execute();
      return 'pinned';
    });
  }

  async unpin(channelId: string, messageId: string): Promise<'unpinned' | 'absent'> {
    const result = await this.db
      .updateTable('messages')
      .set({ pinned_at: null })
      .where('id', '=', messageId)
      .where('channel_id', '=', channelId)
      .where('pinned_at', 'is not', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n ? 'unpinned' : 'absent';
  }

  /** One statement, as a page: the gate and, only if it opens, the channel's pinned messages rendered (see `PINS_JSON`). */
  async pinsJsonAs(actor: Actor, channelId: string): Promise<Gated<RenderedPage>> {
    const values = pinsValues(actor, channelId, await this.routeOf(channelId));
    const { rows } = await this.reads.read(({ db }) => PINS_JSON.execute(db, values), gateOpened);
    const gate = gateOf(rows[0]);
    return gate.ok ? { ok: true, value: (rows[0]?.body ?? '[]') as RenderedPage } : gate;
  }

  /** One statement: the content, and the mentions kept as a send keeps them (`keptColumns`), the author's permissions read there. */
  async updateContent(id: string, content: string, editedAt: Date, asked: MessageMentions): Promise<void> {
    const kept = keptColumns(
      { mentions: sql`${asked.mentions}::bigint[]`, mentionRoles: sql`${asked.mentionRoles}::bigint[]`, mentionEveryone: sql`${asked.mentionEveryone}::boolean` },
      sql`m.channel_id`,
      sql`m.route_id`,
      authorMayMentionEveryone,
    );
    await sql`
      update messages m set content = ${content}, edited_at = ${editedAt}, (mentions, mention_roles, mention_everyone) = (
        select kept_mentions, kept_mention_roles, kept_mention_everyone from (select ${kept}) k
      )
      where m.id = ${id}`.execute(this.db);
  }

  async delete(id: string): Promise<'deleted' | 'absent'> {
    // Reactions go with the message through ON DELETE CASCADE.
    const result = await this.db.deleteFrom('messages').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n ? 'deleted' : 'absent';
  }

  /*
   * The reactions' statements name the message's route (its channel's, from `ChannelRoutes`) beside
   * its id, so each finds its one shard on Citus (docs/sharding.md); the lock reads the channel too,
   * so a message of another channel is not found, as `findInChannel` answers.
   */
  async addReaction(reaction: Reaction, caps: ReactionCaps): Promise<AddReactionOutcome> {
    const route = await this.routeOf(reaction.channelId);
    return inTransaction(this.db, async (trx) => {
      // Locking the message serializes reactions to it, so both caps hold under races.
      if (!(await lockMessage(trx, route, reaction.channelId, reaction.messageId))) return 'MessageNotFound';
      const counts = await trx
        .selectFrom('reactions')
        .select([
          sql<number>`count(distinct emoji)::int`.as('distinct'),
          sql<number>`count(*)::int`.as('total'),
          sql<boolean>`coalesce(bool_or(emoji = ${reaction.emoji}), false)`.as('emojiPresent'),
          sql<boolean>`coalesce(bool_or(emoji = ${reaction.emoji} and user_id = ${reaction.userId}), false)`.as('mine'),
        ])
        .where('route_id', '=', route)
        .where('message_id', '=', reaction.messageId)
        .executeTakeFirstOrThrow();
      if (counts.mine) return 'already';
      if (!counts.emojiPresent && counts.distinct >= caps.distinctEmoji) return 'TooManyReactions';
      if (counts.total >= caps.total) return 'TooManyReactionsInAll';
      const inserted = await trx
        .insertInto('reactions')
        .values({ message_id: reaction.messageId, route_id: route, user_id: reaction.userId, emoji: reaction.emoji, created_at: reaction.createdAt })
        .onConflict((oc) => oc.columns(['message_id', 'emoji', 'user_id']).doNothing())
        .executeTakeFirst();
      return inserted.numInsertedOrUpdatedRows === 1n ? 'added' : 'already';
    });
  }

  async removeReaction(channelId: string, messageId: string, userId: string, emoji: string): Promise<'removed' | 'absent'> {
    const route = await this.routeOf(channelId);
    return inTransaction(this.db, async (trx) => {
      // The lock addReaction takes: in a unit of work, the count read after this is exact until commit.
      await lockMessage(trx, route, channelId, messageId);
      const result = await trx
        .deleteFrom('reactions')
        .where('route_id', '=', route)
        .where('message_id', '=', messageId)
        .where('user_id', '=', userId)
        .where('emoji', '=', emoji)
        .executeTakeFirst();
      return result.numDeletedRows > 0n ? 'removed' : 'absent';
    });
  }

  async clearReaction(channelId: string, messageId: string, emoji: string): Promise<number> {
    const route = await this.routeOf(channelId);
    return inTransaction(this.db, async (trx) => {
      await lockMessage(trx, route, channelId, messageId);
      const result = await trx.deleteFrom('reactions').where('route_id', '=', route).where('message_id', '=', messageId).where('emoji', '=', emoji).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }

  async reactionState(channelId: string, messageId: string, emoji: string, viewerId: string): Promise<ReactionState> {
    const route = await this.routeOf(channelId);
    const row = await this.db
      .selectFrom('reactions')
      .select([sql<number>`count(*)::int`.as('count'), sql<boolean>`coalesce(bool_or(user_id = ${viewerId}), false)`.as('reacted')])
      .where('route_id', '=', route)
      .where('message_id', '=', messageId)
      .where('emoji', '=', emoji)
      .executeTakeFirstOrThrow();
    return { messageId, emoji, count: row.count, reacted: row.reacted };
  }

  private views(viewerId: string) {
    return this.db
      .selectFrom('messages as m')
      .innerJoin('users as u', 'u.id', 'm.author_id')
      .leftJoinLateral(sql<RepliedColumns>`(${repliedMessage(sql`m.reply_to`, sql`m.route_id`)})`.as('rt'), (join) => join.onTrue())
      .select([
        ...MESSAGE_COLUMNS.map((column) => `m.${column}` as const),
        'u.username',
        'u.display_name',
        'u.avatar',
        reactionsOf(viewerId).as('reactions'),
        'rt.reply_id',
        'rt.reply_author_id',
        'rt.reply_username',
        'rt.reply_content',
      ]);
  }
}

/** The message row locked (on its route, in its channel), which serializes the reactions to it; false when there is none. */
async function lockMessage(trx: Kysely<Database>, route: string, channelId: string, messageId: string): Promise<boolean> {
  const row = await trx.selectFrom('messages').select('id').where('route_id', '=', route).where('id', '=', messageId).where('channel_id', '=', channelId).forUpdate().executeTakeFirst();
  return row !== undefined;
}
