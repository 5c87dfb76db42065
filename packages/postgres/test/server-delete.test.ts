import { DeleteChannel, DeleteServer } from '@chat/domain';
import { KyselyUnitOfWork, openPostgres } from '@chat/postgres';
import { aServerWithOwner, freshId, givenActor } from '@chat/domain/testing/contracts';
import { sql, type Kysely } from 'kysely';
import { DELETE_SLICE } from '../src/repositories/kysely-server-repository';
import type { Database } from '../src/schema';
import { aRaceDatabase } from './race-helpers';
import { describeWithPostgres } from './test-databases';

/*
 * Deleting a server with more messages than one statement should delete within the query time
 * limit: they go a slice per statement, every slice in the one transaction of the unit of work.
 */
describeWithPostgres('deleting a big server on PostgreSQL', () => {
  const db = aRaceDatabase();
  const MESSAGES = Math.round(DELETE_SLICE * 2.5);

  async function aBigServer(): Promise<{ serverId: string; ownerId: string; otherChannelId: string }> {
    const { server, ownerUser } = await aServerWithOwner(db.stores);
    const secondChannel = freshId();
    await sql`insert into channels (id, server_id, name, created_at) values (${secondChannel}, ${server.id}, 'second', now())`.execute(db.database.db);
    const base = BigInt(freshId());
    await sql`insert into messages (id, channel_id, route_id, author_id, content, created_at)
      select ${base.toString()}::bigint + g, case when g % 2 = 0 then ${server.defaultChannelId}::bigint else ${secondChannel}::bigint end, ${server.id}::bigint,
        ${ownerUser.id}::bigint, 'message ' || g, now()
      from generate_series(1, ${MESSAGES}) g`.execute(db.database.db);
    await sql`insert into reactions (message_id, route_id, user_id, emoji, created_at)
      select ${base.toString()}::bigint + g, ${server.id}::bigint, ${ownerUser.id}::bigint, '👍', now() from generate_series(1, ${MESSAGES}, 7) g`.execute(db.database.db);
    const { server: other } = await aServerWithOwner(db.stores);
    await sql`insert into messages (id, channel_id, route_id, author_id, content, created_at)
      values (${freshId()}, ${other.defaultChannelId}, ${other.id}, ${ownerUser.id}, 'elsewhere', now())`.execute(db.database.db);
    return { serverId: server.id, ownerId: ownerUser.id, otherChannelId: other.defaultChannelId };
  }

  const count = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(db.database.db)).rows[0]?.n;
  const messagesOf = (serverId: string) =>
    count(sql<{ n: number }>`select count(*)::int as n from messages m join channels c on c.id = m.channel_id where c.server_id = ${serverId}`);

  it('deletes every message in slices of DELETE_SLICE, and nothing of another server', async () => {
    const { serverId, ownerId, otherChannelId } = await aBigServer();
    const statements: string[] = [];
    const cursors: string[] = [];
    const logged: Kysely<Database> = openPostgres({
      url: db.database.url,
      poolSize: 1,
      log: (text, parameters) => {
        statements.push(text);
        if (text.includes('delete from messages')) cursors.push(String(parameters[1]));
      },
    });
    try {
      const owner = await givenActor(db.stores, ownerId);
      expect((await new DeleteServer(new KyselyUnitOfWork(logged)).execute(owner, serverId)).ok).toBe(true);
    } finally {
      await logged.destroy();
    }

    // Per channel (half of the messages each): its full slices, then the rest; each slice starts
    // past the last one's end (a cursor), never at the channel's start again.
    const slices = statements.filter((text) => text.includes('delete from messages'));
    expect(slices).toHaveLength(2 * Math.ceil(MESSAGES / 2 / DELETE_SLICE));
    const perChannel = Math.ceil(MESSAGES / 2 / DELETE_SLICE);
    for (const channel of [cursors.slice(0, perChannel), cursors.slice(perChannel)]) {
      expect(channel[0]).toBe('0');
      for (let i = 1; i < channel.length; i++) expect(BigInt(channel[i]!)).toBeGreaterThan(BigInt(channel[i - 1]!));
    }
    expect(await messagesOf(serverId)).toBe(0);
    expect(await count(sql<{ n: number }>`select count(*)::int as n from reactions r left join messages m on m.id = r.message_id where m.id is null`)).toBe(0);
    expect(await count(sql<{ n: number }>`select count(*)::int as n from channels where server_id = ${serverId}`)).toBe(0);
    expect(await count(sql<{ n: number }>`select count(*)::int as n from messages where channel_id = ${otherChannelId}`)).toBe(1);
  }, 60_000);

  it('keeps every slice in one transaction: a unit that fails after the delete leaves the server whole', async () => {
    const { serverId } = await aBigServer();
    const failing = new KyselyUnitOfWork(db.database.db).run(async (stores) => {
      await stores.servers.delete(serverId);
      throw new Error('the unit fails after the delete');
    });
    await expect(failing).rejects.toThrow('the unit fails after the delete');

    expect(await messagesOf(serverId)).toBe(MESSAGES);
    expect((await db.stores.servers.findById(serverId))?.id).toBe(serverId);
  }, 60_000);

  it('deletes a big channel the same way: its messages in slices, the rest of the server kept', async () => {
    const { serverId, ownerId } = await aBigServer();
    const { rows } = await sql<{ id: string }>`select id from channels where server_id = ${serverId} and name = 'second'`.execute(db.database.db);
    const channelId = rows[0]!.id;
    const statements: string[] = [];
    const logged: Kysely<Database> = openPostgres({ url: db.database.url, poolSize: 1, log: (text) => statements.push(text) });
    try {
      const owner = await givenActor(db.stores, ownerId);
      expect((await new DeleteChannel(new KyselyUnitOfWork(logged)).execute(owner, channelId)).ok).toBe(true);
    } finally {
      await logged.destroy();
    }

    expect(statements.filter((text) => text.includes('delete from messages'))).toHaveLength(Math.ceil(MESSAGES / 2 / DELETE_SLICE));
    expect(await db.stores.channels.findById(channelId)).toBeNull();
    expect(await messagesOf(serverId)).toBe(MESSAGES / 2);
  }, 60_000);
});
