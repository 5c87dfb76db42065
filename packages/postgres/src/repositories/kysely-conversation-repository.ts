import { pairKey, type Conversation, type ConversationChanges, type ConversationPage, type ConversationRepository, type ConversationView, type UserSummary } from '@chat/domain';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { inTransaction } from '../in-transaction';
import { deleteMessagesInSlices } from './channel-sql';
import type { Database } from '../schema';

interface ViewRow {
  id: string;
  type: 'dm' | 'group';
  owner_id: string | null;
  name: string | null;
  created_at: Date;
  last_message_id: string | null;
  recipients: UserSummary[] | string;
}

/** A conversation's view from `conversations c`: its recipients in the order they came in, its newest message (the index's last). */
const VIEW_COLUMNS = sql`c.id, c.type, c.owner_id, c.name, c.created_at,
  (select max(m.id) from messages m where m.channel_id = c.id)::text as last_message_id,
  coalesce((select json_agg(json_build_object('id', u.id::text, 'username', u.username, 'displayName', u.display_name, 'avatar', u.avatar) order by r.seq)
            from conversation_recipients r join users u on u.id = r.user_id where r.conversation_id = c.id), '[]'::json) as recipients`;

const toView = (row: ViewRow): ConversationView => ({
  id: row.id,
  type: row.type,
  ownerId: row.owner_id,
  name: row.name,
  recipients: typeof row.recipients === 'string' ? (JSON.parse(row.recipients) as UserSummary[]) : row.recipients,
  lastMessageId: row.last_message_id,
  createdAt: row.created_at,
});

/**
 * The user's conversations (`userId`: a value, or an outer column) with when each was last active:
 * its newest message's id, or its own id before the first (both are times). `listForUser` and
 * `firstPagesForUsers` order by it, most recently active first.
 */
const activeOf = (userId: string | RawBuilder<unknown>) => sql`
  select c.id, greatest(c.id, coalesce((select max(m.id) from messages m where m.channel_id = c.id), 0)) as active
  from conversation_recipients r join conversations c on c.id = r.conversation_id
  where r.user_id = ${userId}`;

export class KyselyConversationRepository implements ConversationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(conversation: Conversation): Promise<{ created: true } | { created: false; existingId: string }> {
    return inTransaction(this.db, async (trx) => {
      const key = conversation.type === 'dm' ? pairKey(conversation.recipientIds[0] as string, conversation.recipientIds[1] as string) : null;
      // A pair's one-to-one opened from both sides at once: the second waits for the first, then stores nothing.
      const stored = await trx
        .insertInto('conversations')
        .values({
          id: conversation.id,
          type: conversation.type,
          owner_id: conversation.ownerId,
          name: conversation.name,
          creator_id: conversation.creatorId,
          pair_key: key,
          created_at: conversation.createdAt,
        })
        .onConflict((oc) => oc.column('pair_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!stored) {
        const existing = await trx.selectFrom('conversations').select('id').where('pair_key', '=', key).executeTakeFirstOrThrow();
        return { created: false, existingId: existing.id };
      }
      await trx
        .insertInto('conversation_recipients')
        .values(conversation.recipientIds.map((userId) => ({ conversation_id: conversation.id, user_id: userId, joined_at: conversation.createdAt })))
        .execute();
      return { created: true };
    });
  }

  async findDm(userA: string, userB: string): Promise<string | null> {
    const row = await this.db.selectFrom('conversations').select('id').where('pair_key', '=', pairKey(userA, userB)).executeTakeFirst();
    return row?.id ?? null;
  }

  async findById(id: string): Promise<Conversation | null> {
    return this.read(id, false);
  }

  async hold(id: string): Promise<Conversation | null> {
    return this.read(id, true);
  }

  async view(id: string): Promise<ConversationView | null> {
    const { rows } = await sql<ViewRow>`select ${VIEW_COLUMNS} from conversations c where c.id = ${id}`.execute(this.db);
    return rows[0] ? toView(rows[0]) : null;
  }

  async listForUser(userId: string, { limit, after }: ConversationPage): Promise<ConversationView[]> {
    // Most recently active first (`activeOf`).
    const { rows } = await sql<ViewRow>`
      with mine as (${activeOf(userId)}),
      page as (
        select id, active from mine
        where ${after === undefined ? sql`true` : sql`(active, id) < (select a.active, a.id from mine a where a.id = ${after})`}
        order by active desc, id desc
        limit ${limit}
      )
      select ${VIEW_COLUMNS} from page p join conversations c on c.id = p.id order by p.active desc, p.id desc`.execute(this.db);
    return rows.map(toView);
  }

  /** The first page (`limit`) of `listForUser` of each user, in one statement (a batch of gateway snapshots): user id → views. */
  async firstPagesForUsers(userIds: readonly string[], limit: number): Promise<Map<string, ConversationView[]>> {
    const { rows } = await sql<ViewRow & { for_user: string }>`
      select a.uid::text as for_user, ${VIEW_COLUMNS}
      from unnest(${[...userIds]}::bigint[]) a(uid)
      cross join lateral (
        select mine.* from (${activeOf(sql`a.uid`)}) mine
        order by mine.active desc, mine.id desc
        limit ${limit}
      ) p
      join conversations c on c.id = p.id
      order by a.uid, p.active desc, p.id desc`.execute(this.db);
    const byUser = new Map<string, ConversationView[]>(userIds.map((id) => [id, []]));
    for (const row of rows) byUser.get(row.for_user)?.push(toView(row));
    return byUser;
  }

  /** `idsForUser` of each user, in one statement: user id → conversation ids. */
  async idsForUsers(userIds: readonly string[]): Promise<Map<string, string[]>> {
    const rows = await this.db
      .selectFrom('conversation_recipients')
      .select(['conversation_id', 'user_id'])
      .where(sql<boolean>`user_id = any(${[...userIds]}::bigint[])`)
      .execute();
    const byUser = new Map<string, string[]>(userIds.map((id) => [id, []]));
    for (const row of rows) byUser.get(String(row.user_id))?.push(row.conversation_id);
    return byUser;
  }

  async idsForUser(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('conversation_recipients').select('conversation_id').where('user_id', '=', userId).execute();
    return rows.map((row) => row.conversation_id);
  }

  async addRecipient(id: string, userId: string, at: Date, addedBy: string): Promise<void> {
    await this.db
      .insertInto('conversation_recipients')
      .values({ conversation_id: id, user_id: userId, joined_at: at, added_by: addedBy })
      .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doNothing())
      .execute();
  }

  async removeRecipient(id: string, userId: string): Promise<'removed' | 'absent'> {
    const result = await this.db.deleteFrom('conversation_recipients').where('conversation_id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return result.numDeletedRows > 0n ? 'removed' : 'absent';
  }

  async delete(id: string): Promise<void> {
    // The messages first, a slice at a time (their reactions by cascade); the recipients go by cascade.
    await inTransaction(this.db, async (trx) => {
      await deleteMessagesInSlices(trx, id);
      await trx.deleteFrom('conversations').where('id', '=', id).execute();
    });
  }

  async update(id: string, changes: ConversationChanges): Promise<void> {
    const set = { ...(changes.name !== undefined ? { name: changes.name } : {}), ...(changes.ownerId !== undefined ? { owner_id: changes.ownerId } : {}) };
    if (Object.keys(set).length > 0) await this.db.updateTable('conversations').set(set).where('id', '=', id).execute();
  }

  async countStartedSince(userId: string, since: Date): Promise<number> {
    // Both by index: conversations by (creator_id, created_at), adds by (added_by, joined_at).
    const { rows } = await sql<{ n: number }>`
      select (select count(*) from conversations where creator_id = ${userId} and created_at >= ${since})::int
           + (select count(*) from conversation_recipients where added_by = ${userId} and joined_at >= ${since})::int as n`.execute(this.db);
    return rows[0]?.n ?? 0;
  }


  /** The conversation with its recipients in the order they came in; `held`: locked until the unit of work ends. */
  private async read(id: string, held: boolean): Promise<Conversation | null> {
    const base = this.db.selectFrom('conversations').selectAll().where('id', '=', id);
    const row = await (held ? base.forNoKeyUpdate() : base).executeTakeFirst();
    if (!row) return null;
    const recipients = await this.db.selectFrom('conversation_recipients').select('user_id').where('conversation_id', '=', id).orderBy('seq').execute();
    return {
      id: row.id,
      type: row.type,
      ownerId: row.owner_id,
      name: row.name,
      creatorId: row.creator_id,
      recipientIds: recipients.map((r) => r.user_id),
      createdAt: row.created_at,
    };
  }
}
