import { createKyselyStores, KyselyEventHistory, type Database } from '@chat/postgres';
import { aConversation, aServerWithOwner, givenActor, givenMemberOf, givenMessage, givenUser, type SeedableStores } from '@chat/domain/testing/contracts';
import { READY_PRIVATE_CHANNELS, WHOLE_LIST, type Actor } from '@chat/domain';
import { freshId } from '@chat/domain/testing/contracts';
import type { Kysely } from 'kysely';
import { readSnapshots, type SnapshotAsk } from '../src/events/gateway-snapshots';
import { createPgliteDatabase, createPostgresDatabase, describeWithPostgres, type TestDatabase } from './test-databases';
import { openPostgres } from '@chat/postgres';

/**
 * Three users who share some things and not others, and a session that is not live: A owns S1 and
 * has an unread message from C there; C is a member of S1; B owns S2; A and B share a conversation.
 */
async function world(db: Kysely<Database>) {
  const stores = createKyselyStores(db) as unknown as SeedableStores;
  // Joined long before the message, so it counts as unread.
  const longAgo = new Date('2020-01-01T00:00:00Z');
  const s1 = await aServerWithOwner(stores, { joinedAt: longAgo });
  const s2 = await aServerWithOwner(stores, { joinedAt: longAgo });
  const { user: c } = await givenMemberOf(stores, s1.server.id, longAgo);
  await givenMessage(stores, s1.server.defaultChannelId, c.id);
  const conversation = aConversation(s1.ownerUser.id, [s2.ownerUser.id]);
  await stores.conversations.create(conversation);
  const stranger = await givenUser(stores);
  const a = await givenActor(stores, s1.ownerUser.id);
  const b = await givenActor(stores, s2.ownerUser.id);
  const cActor = await givenActor(stores, c.id);
  const dead: Actor = { userId: stranger.id, sessionId: freshId() };
  return { stores, s1, s2, conversation, a, b, c: cActor, dead };
}

const ids = <T extends { id: string }>(items: readonly T[]) => items.map((item) => item.id);

describe('gateway snapshots read together', () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await createPgliteDatabase();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('gives each ask of a batch exactly the snapshot it gets alone, and a dead session null', async () => {
    const { stores, s1, s2, conversation, a, b, c, dead } = await world(db);
    const asks: SnapshotAsk[] = [a, dead, b, c, a].map((actor) => ({ actor, from: null }));

    const together = await readSnapshots(db, asks);
    const alone = await Promise.all(asks.map(async (ask) => (await readSnapshots(db, [ask]))[0]));

    expect(together).toEqual(alone);
    const [ofA, ofDead, ofB, ofC, ofAAgain] = together.map((outcome) => (outcome.ok ? outcome.snapshot : 'failed'));
    expect(ofDead).toBeNull();
    expect(ofAAgain).toEqual(ofA);
    if (!ofA || !ofB || !ofC || ofA === 'failed' || ofB === 'failed' || ofC === 'failed') throw new Error('expected three snapshots');
    expect(ofA.user.id).toBe(a.userId);
    expect(ofA.servers.map(({ server }) => server.id)).toEqual([s1.server.id]);
    expect(ofB.servers.map(({ server }) => server.id)).toEqual([s2.server.id]);
    expect(ofC.servers.map(({ server }) => server.id)).toEqual([s1.server.id]);
    expect(ids(ofA.privateChannels)).toEqual([conversation.id]);
    expect(ids(ofB.privateChannels)).toEqual([conversation.id]);
    expect(ofC.privateChannels).toEqual([]);
    expect([...ofA.conversationIds]).toEqual([conversation.id]);
    expect([...ofC.conversationIds]).toEqual([]);
    // C's message is unread for A, not for C (their own).
    expect(ofA.readStates.map((state) => [state.channelId, state.unreadCount])).toEqual([[s1.server.defaultChannelId, 1]]);
    expect(ofC.readStates).toEqual([]);
    expect(ofB.readStates).toEqual([]);
    // What the repositories read of each user alone.
    for (const [actor, snapshot] of [[a, ofA], [b, ofB], [c, ofC]] as const) {
      expect(snapshot.readStates).toEqual(await stores.readStates.list(actor.userId));
      expect(snapshot.servers.map(({ server }) => server)).toEqual(await stores.servers.listForUser(actor.userId, WHOLE_LIST));
      expect(snapshot.privateChannels).toEqual(await stores.conversations.listForUser(actor.userId, { limit: READY_PRIVATE_CHANNELS }));
    }
  });

  it('fails an ask the database refuses alone, the others of its turn answered', async () => {
    const { a, b } = await world(db);
    const history = new KyselyEventHistory(db);

    const [ofA, bad, ofB] = await Promise.allSettled([
      history.snapshot(a, null),
      history.snapshot({ userId: 'not-an-id', sessionId: '1' }, null),
      history.snapshot(b, null),
    ]);

    expect(ofA.status === 'fulfilled' && ofA.value?.user.id).toBe(a.userId);
    expect(ofB.status === 'fulfilled' && ofB.value?.user.id).toBe(b.userId);
    expect(bad.status).toBe('rejected');
  });
});

describeWithPostgres('gateway snapshots read together, on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('reads the snapshots asked in one turn with the statements of one', async () => {
    const statements: string[] = [];
    const db = openPostgres({ url: database.url, poolSize: 5, log: (text) => statements.push(text) });
    try {
      const { a, b, c } = await world(database.db);
      const history = new KyselyEventHistory(db);
      await history.snapshot(a, null);
      const one = statements.length;
      statements.length = 0;

      const many = await Promise.all([a, b, c, a].map((actor) => history.snapshot(actor, null)));

      expect(many.map((snapshot) => snapshot?.user.id)).toEqual([a.userId, b.userId, c.userId, a.userId]);
      expect(statements.length).toBe(one);
    } finally {
      await db.destroy();
    }
  });

  it('answers the serversOver of one turn with one statement per bound, each ask its own servers', async () => {
    const statements: string[] = [];
    const db = openPostgres({ url: database.url, poolSize: 5, log: (text) => statements.push(text) });
    try {
      const { s1, s2 } = await world(database.db);
      // S1 has two members (its owner and C), S2 one.
      const members = createKyselyStores(db).members;

      const answers = await Promise.all([
        members.serversOver([s1.server.id, s2.server.id], 1),
        members.serversOver([s2.server.id], 1),
        members.serversOver([s1.server.id, s1.server.id], 1),
        members.serversOver([s1.server.id, s2.server.id], 2),
      ]);

      expect(answers).toEqual([[s1.server.id], [], [s1.server.id], []]);
      expect(statements).toHaveLength(2);
    } finally {
      await db.destroy();
    }
  });
});
