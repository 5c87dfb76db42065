import { createKyselyStores, type Database } from '@chat/postgres';
import { aMessage, aServerWithOwner, freshId, givenActor } from '@chat/domain/testing/contracts';
import { sql, type Kysely } from 'kysely';
import { createPgliteDatabase } from './test-databases';

describe('named statements on PGlite', () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await createPgliteDatabase();
  });
  afterAll(async () => {
    await db.destroy();
  });

  async function aMember() {
    const stores = createKyselyStores(db);
    const { server, ownerUser } = await aServerWithOwner(stores);
    return { stores, channelId: server.defaultChannelId, actor: await givenActor(stores, ownerUser.id) };
  }

  it('parses a marked statement once and runs it by name afterwards', async () => {
    const { stores, channelId, actor } = await aMember();
    for (let i = 0; i < 3; i++) expect((await stores.messages.pageJsonAs(actor, channelId, { limit: 50 })).ok).toBe(true);

    const statements = await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(db);
    expect(statements.rows.map((row) => row.name)).toEqual([expect.stringMatching(/^page_json_as_/)]);
  });

  it('answers a failed named statement with its error and goes on serving', async () => {
    const { stores, channelId, actor } = await aMember();
    const { authorId: _authorId, ...message } = aMessage(channelId, actor.userId);
    await stores.messages.createAs(actor, message, null);

    // A value PostgreSQL refuses at Bind: the error reaches the caller, and the connection is not left mid-protocol.
    await expect(stores.messages.createAs(actor, { ...message, id: freshId(), channelId: 'not-a-number' }, null)).rejects.toThrow(/bigint/);
    const page = await stores.messages.pageJsonAs(actor, channelId, { limit: 50 });
    expect(page.ok && (JSON.parse(page.value) as { id: string }[]).map((m) => m.id)).toEqual([message.id]);
    expect((await stores.messages.createAs(actor, { ...message, id: freshId() }, null)).ok).toBe(true);
  });
});
