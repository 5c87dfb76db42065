import type { Member, MemberPage, MemberRepository, MemberView } from '@chat/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import { isDatabaseUnavailable } from '../driver-errors';
import { primaryReads, type ReplicaReads } from '../replicas/replica-reads';
import { SameTurnBatcher } from '../same-turn-batcher';
import { summaryOf } from './rows';

interface OverAsk {
  readonly ids: readonly string[];
  readonly maxMembers: number;
}

export class KyselyMemberRepository implements MemberRepository {
  /**
   * `serversOver` asked in one turn (an identify storm asks it twice per identify: `ready`'s
   * presences, then the presence announce), one statement per bound over the union of their ids:
   * a server several ask about is counted once.
   */
  private readonly overs = new SameTurnBatcher<OverAsk, string[]>((asks) => this.serversOverTogether(asks), {
    max: 100,
    retryAlone: (error) => !isDatabaseUnavailable(error),
  });

  /** `reads`: where the list runs (a replica that has the caller's writes, or this database). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly reads: ReplicaReads = primaryReads({ db, hot: db }),
  ) {}

  async add(member: Member): Promise<'added' | 'already'> {
    // Two concurrent joins meet at the primary key: one row, and the first join time stays.
    const result = await this.db
      .insertInto('members')
      .values({ server_id: member.serverId, user_id: member.userId, joined_at: member.joinedAt })
      .onConflict((oc) => oc.columns(['server_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return result.numInsertedOrUpdatedRows === 1n ? 'added' : 'already';
  }

  async remove(serverId: string, userId: string): Promise<'removed' | 'absent'> {
    const result = await this.db.deleteFrom('members').where('server_id', '=', serverId).where('user_id', '=', userId).executeTakeFirst();
    return result.numDeletedRows > 0n ? 'removed' : 'absent';
  }

  async find(serverId: string, userId: string): Promise<Member | null> {
    const row = await this.db
      .selectFrom('members')
      .selectAll()
      .where('server_id', '=', serverId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? { serverId: row.server_id, userId: row.user_id, joinedAt: row.joined_at } : null;
  }

  async sharesServer(userA: string, userB: string): Promise<boolean> {
    // A's memberships (by user) each probe B's by the primary key.
    const { rows } = await sql<{ shares: boolean }>`
      select exists (select 1 from members a join members b on b.server_id = a.server_id and b.user_id = ${userB} where a.user_id = ${userA}) as shares`.execute(this.db);
    return rows[0]?.shares === true;
  }

  async countByServer(serverId: string): Promise<number> {
    // The primary key (server_id, user_id) serves it: an index-only count of one server's rows.
    const row = await this.db.selectFrom('members').select((eb) => eb.fn.countAll<string>().as('n')).where('server_id', '=', serverId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async serverIdsOf(userId: string): Promise<string[]> {
    // members_user_id_idx serves it.
    const rows = await this.db.selectFrom('members').select('server_id').where('user_id', '=', userId).orderBy('server_id').execute();
    return rows.map((row) => row.server_id);
  }

  async serversOver(ids: readonly string[], maxMembers: number): Promise<string[]> {
    if (ids.length === 0) return [];
    return this.overs.submit({ ids, maxMembers });
  }

  private async serversOverTogether(asks: readonly OverAsk[]): Promise<string[][]> {
    const byBound = new Map<number, Set<string>>();
    for (const { ids, maxMembers } of asks) {
      const union = byBound.get(maxMembers) ?? new Set<string>();
      for (const id of ids) union.add(id);
      byBound.set(maxMembers, union);
    }
    const large = new Map<number, Set<string>>();
    for (const [maxMembers, ids] of byBound) large.set(maxMembers, new Set(await this.serversOverOnce([...ids], maxMembers)));
    return asks.map(({ ids, maxMembers }) => [...new Set(ids)].filter((id) => large.get(maxMembers)?.has(id)));
  }

  private async serversOverOnce(ids: readonly string[], maxMembers: number): Promise<string[]> {
    // Per id, along an index by server: its members counted one past the bound at most, so a server
    // of a million members costs what one of a thousand does (presence-members-plan.test.ts).
    const { rows } = await sql<{ id: string }>`
      select distinct s.id::text as id from unnest(${[...ids]}::bigint[]) as s(id)
      where (select count(*) from (select 1 from members c where c.server_id = s.id limit ${maxMembers + 1}) as upto) > ${maxMembers}`.execute(this.db);
    return rows.map((row) => row.id);
  }

  list(serverId: string, page: MemberPage): Promise<MemberView[]> {
    return this.reads.read(({ db }) => this.listOn(db, serverId, page));
  }

  private async listOn(db: Kysely<Database>, serverId: string, { limit, after }: MemberPage): Promise<MemberView[]> {
    let query = db
      .selectFrom('members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.server_id', 'm.user_id', 'm.joined_at', 'u.username', 'u.display_name', 'u.avatar'])
      // Each member's roles in the same statement, by position (member_roles' key leads with server and user).
      .select(
        sql<string[]>`coalesce((
          select array_agg(mr.role_id::text order by r.position)
          from member_roles mr join roles r on r.id = mr.role_id
          where mr.server_id = m.server_id and mr.user_id = m.user_id), '{}')`.as('role_ids'),
      )
      .where('m.server_id', '=', serverId);
    if (after) query = query.where(sql<boolean>`(m.joined_at, m.user_id) > (${after.joinedAt}, ${after.userId}::bigint)`);
    const rows = await query.orderBy('m.joined_at').orderBy('m.user_id').limit(limit).execute();
    return rows.map((row) => ({
      serverId: row.server_id,
      userId: row.user_id,
      joinedAt: row.joined_at,
      user: summaryOf(row, row.user_id),
      roleIds: row.role_ids,
    }));
  }
}
