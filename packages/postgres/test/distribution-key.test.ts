import { AddReaction, RemoveReaction } from '@chat/domain';
import { aConversation, aMessage, aServerWithOwner, givenActor, givenMessage, givenUser, withoutAuthor } from '@chat/domain/testing/contracts';
import { ChannelRoutes, createKyselyStores, KyselyUnitOfWork, openPostgres, type ChatDatabase } from '@chat/postgres';
import { columnsOf, inlinedPlanOf, readsOf, statementName, unrouted, type Read } from './distribution-plan';
import type { LoggedQuery } from './plan-helpers';
import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from './test-databases';

/*
 * The Citus plan (docs/sharding.md; ARCHITECTURE.md, "Sharding on Citus") checked against the
 * statements as the code sends them: each hot path (page, send, reactions, and the membership gate
 * inside them) is run, every statement it sent is planned with its values, and each read of a
 * distributed table is asked whether it finds its shard by the distribution key (see
 * distribution-plan.ts). Each path's statements are listed here in order, each with the reads that
 * do not: today none, every hot statement names its route. A statement that loses a key filter, a
 * new read of a distributed table not found by its key, or a statement more or less, changes a list
 * and fails the test, and so does the migration the page describes until this file and the page are
 * brought up to date with it.
 */

/** A statement that found its shard (or read reference tables only): its name alone, no read listed after it. */
const oneShard = (...names: string[]): string[][] => names.map((name) => [name]);

/*
 * The reactions' unit of work: the domain's gate (`channelWithPermission`, by the channel's route
 * from `ChannelRoutes`), the message in its channel, its reactions (on the same route), the event.
 */
const SERVER_CHANNEL_ACCESS = oneShard(
  // The channel on its route, its overwrites and the membership joined to it.
  'select channels',
  // servers.findById: the server by its id, its @everyone role on the server's route.
  'select servers',
  'select roles',
  'select member_roles',
  'select channel_overwrites',
);
// `findInChannel`, then the lock that serializes the message's reactions: both on the route.
const MESSAGE_LOOK_UP = oneShard('select messages', 'select messages for update');
// The caps' counts and the insert; the state answered; the event, whose `server_id` is the route the use case gives.
const ADD = oneShard('select reactions', 'insert reactions', 'select reactions', 'insert events');

const EXPECTED: Record<string, string[][]> = {
  // Every read names `$route` (the channel's, from `ChannelRoutes`), every row written holds it.
  page: oneShard('page_json_as'),
  send: oneShard('create_as'),
  // Sends are batched per route (`SameTurnBatcher`'s `keyOf`), so the batch's route is one value of the statement.
  batch: oneShard('create_many_as'),
  'add a reaction in a server channel': [...SERVER_CHANNEL_ACCESS, ...MESSAGE_LOOK_UP, ...ADD],
  'add a reaction in a conversation': [
    // Not a server's channel: no channel on the conversation's route, then the conversation by its key and its recipients.
    ...oneShard('select channels', 'select conversations', 'select conversation_recipients', 'select users'),
    ...MESSAGE_LOOK_UP,
    ...ADD,
  ],
  'remove a reaction': [...SERVER_CHANNEL_ACCESS, ...MESSAGE_LOOK_UP, ...oneShard('delete reactions', 'select reactions', 'insert events')],
};

describeWithPostgres('the hot statements against the Citus plan (distribution keys)', () => {
  let database: TestDatabase;
  let pool: ChatDatabase;
  const queries: LoggedQuery[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    pool = openPostgres({ url: database.url, poolSize: 1, genericPlans: true, log: (text, parameters) => queries.push({ sql: text, parameters }) });
  });
  afterAll(async () => {
    await pool.destroy();
    await database.drop();
  });

  /** Each statement `run` sent (transaction control left out) with its reads of distributed tables. */
  async function statementsOf(run: () => Promise<unknown>): Promise<{ name: string; reads: Read[] }[]> {
    const from = queries.length;
    await run();
    const columns = await columnsOf(database.db);
    const statements = queries.slice(from).filter((q) => /^\s*(\/\*[^*]*\*\/\s*)?(with|select|insert|update|delete)\b/i.test(q.sql));
    return Promise.all(statements.map(async (q) => ({ name: statementName(q.sql), reads: readsOf(await inlinedPlanOf(database.db, q), columns) })));
  }

  async function world() {
    // One cache of routes for the stores and the units of work, as the API shares its pool's.
    const routes = new ChannelRoutes();
    const stores = createKyselyStores(pool, { routes });
    const { server, ownerUser } = await aServerWithOwner(stores);
    const actor = await givenActor(stores, ownerUser.id);
    const other = await givenUser(stores);
    const dm = aConversation(ownerUser.id, [other.id]);
    await stores.conversations.create(dm);
    const inServer = await givenMessage(stores, server.defaultChannelId, ownerUser.id);
    const inDm = await givenMessage(stores, dm.id, ownerUser.id);
    return { stores, actor, other, channelId: server.defaultChannelId, dmId: dm.id, inServer, inDm, unitOfWork: new KyselyUnitOfWork(pool, undefined, routes) };
  }

  it('finds every read of each hot path, statement by statement, by the distribution key', async () => {
    const w = await world();
    const clock = { now: () => new Date() };
    const paths: Record<string, () => Promise<unknown>> = {
      page: () => w.stores.messages.pageJsonAs(w.actor, w.channelId, { limit: 50 }),
      // A reply and a mention: the statement's every part is planned.
      send: () => w.stores.messages.createAs(w.actor, withoutAuthor(aMessage(w.channelId, w.actor.userId, { replyTo: w.inServer.id, mentions: [w.other.id] })), null),
      batch: () => Promise.all([1, 2].map(() => w.stores.messages.createAs(w.actor, withoutAuthor(aMessage(w.dmId, w.actor.userId)), null))),
      'add a reaction in a server channel': () => new AddReaction(w.unitOfWork, clock).execute(w.actor, w.channelId, w.inServer.id, '👍'),
      'add a reaction in a conversation': () => new AddReaction(w.unitOfWork, clock).execute(w.actor, w.dmId, w.inDm.id, '👍'),
      'remove a reaction': () => new RemoveReaction(w.unitOfWork).execute(w.actor, w.channelId, w.inServer.id, '👍'),
    };
    const seen: Record<string, string[][]> = {};
    for (const [path, run] of Object.entries(paths)) seen[path] = (await statementsOf(run)).map(({ name, reads }) => [name, ...unrouted(reads)]);
    expect(seen).toEqual(EXPECTED);
  });

  it('finds the conversation side of the membership gate by its key, in the page and the send alike', async () => {
    const w = await world();
    for (const run of [
      () => w.stores.messages.pageJsonAs(w.actor, w.dmId, { limit: 50 }),
      () => w.stores.messages.createAs(w.actor, withoutAuthor(aMessage(w.dmId, w.actor.userId, { replyTo: w.inDm.id })), null),
    ]) {
      const [statement] = await statementsOf(run);
      const reads = (statement?.reads ?? []).filter((r) => r.table === 'conversations' || r.table === 'conversation_recipients');
      // `v` by id and `cr` (the actor as a recipient) by the same value; `o` (the other recipient, for
      // blocks) joined to `v`; the send's mention check (`cr_1`) by the value too. None unrouted.
      expect(reads.slice(0, 3).map((r) => [r.alias, r.how])).toEqual([
        ['v', { kind: 'pinned' }],
        ['cr', { kind: 'pinned' }],
        ['o', { kind: 'joined', to: 'v' }],
      ]);
      expect(unrouted(reads)).toEqual([]);
    }
  });
});
