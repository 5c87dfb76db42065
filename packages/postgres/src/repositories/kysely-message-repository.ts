import type {
  AddReactionOutcome,
  Message,
  MessageCursor,
  MessageRepository,
  MessageView,
  Reaction,
  ReactionState,
  ReactionSummary,
} from '@chat/domain';
import { sql, type Kysely } from 'kysely';
import { inTransaction } from '../in-transaction';
import type { Database } from '../schema';

export class KyselyMessageRepository implements MessageRepository {
  constructor(private readonly db: Kysely<Database>) {}

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

  /** One keyset query over (channel_id, id), reactions folded in: one round trip per page. */
  async page(channelId: string, { before, after, limit }: MessageCursor, viewerId: string): Promise<MessageView[]> {
    // Plain bounds: (channel_id, id) serves them as index conditions. The planner may walk the
    // primary key instead when a channel holds most rows, which is as cheap; row comparisons
    // would pin the composite index but make it scan a whole channel's tail for deep pages.
    let query = this.views(viewerId).where('m.channel_id', '=', channelId);
    if (before !== undefined) query = query.where('m.id', '<', before);
    if (after !== undefined) query = query.where('m.id', '>', after);
    const rows = await query
      .orderBy('m.id', after === undefined ? 'desc' : 'asc')
      .limit(limit)
      .execute();
    if (after === undefined) rows.reverse();
    return rows.map(toView);
  }

  async updateContent(id: string, content: string, editedAt: Date): Promise<void> {
    await this.db.updateTable('messages').set({ content, edited_at: editedAt }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    // Reactions go with the message through ON DELETE CASCADE.
    await this.db.deleteFrom('messages').where('id', '=', id).execute();
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

  async removeReaction(messageId: string, userId: string, emoji: string): Promise<void> {
    await this.db.deleteFrom('reactions').where('message_id', '=', messageId).where('user_id', '=', userId).where('emoji', '=', emoji).execute();
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
        sql<ReactionSummary[]>`coalesce((
          select json_agg(json_build_object('emoji', r.emoji, 'count', r.count, 'reacted', r.reacted) order by r.first_seq)
          from (
            select emoji, count(*)::int as count, bool_or(user_id = ${viewerId}) as reacted, min(seq) as first_seq
            from reactions where message_id = m.id group by emoji
          ) r
        ), '[]'::json)`.as('reactions'),
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
