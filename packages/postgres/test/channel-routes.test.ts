import { aConversation, aServerWithOwner, freshId, givenUser } from '@chat/domain/testing/contracts';
import { ChannelRoutes, createKyselyStores, openPostgres, type ChatDatabase } from '@chat/postgres';
import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from './test-databases';

/* A channel's route (docs/sharding.md), as the hot statements get it: read once per channel, then kept. */
describeWithPostgres('ChannelRoutes', () => {
  let database: TestDatabase;
  let pool: ChatDatabase;
  const statements: string[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    pool = openPostgres({ url: database.url, poolSize: 2, log: (text) => statements.push(text) });
  });
  afterAll(async () => {
    await pool.destroy();
    await database.drop();
  });
  beforeEach(() => {
    statements.length = 0;
  });

  it("answers a server channel's server and a conversation's own id, reading each once", async () => {
    const stores = createKyselyStores(pool);
    const { server, ownerUser } = await aServerWithOwner(stores);
    const dm = aConversation(ownerUser.id, [(await givenUser(stores)).id]);
    await stores.conversations.create(dm);
    const routes = new ChannelRoutes();
    statements.length = 0;

    expect(await routes.of(pool, server.defaultChannelId)).toBe(server.id);
    expect(await routes.of(pool, dm.id)).toBe(dm.id);
    expect(await routes.of(pool, server.defaultChannelId)).toBe(server.id);
    expect(await routes.of(pool, dm.id)).toBe(dm.id);
    expect(statements).toHaveLength(2);
  });

  it('shares one read among the asks of one moment', async () => {
    const { server } = await aServerWithOwner(createKyselyStores(pool));
    const routes = new ChannelRoutes();
    statements.length = 0;

    expect(await Promise.all([1, 2, 3].map(() => routes.of(pool, server.defaultChannelId)))).toEqual([server.id, server.id, server.id]);
    expect(statements).toHaveLength(1);
  });

  it('answers a channel that does not exist with its own id, and asks again next time (it may be made later)', async () => {
    const routes = new ChannelRoutes();
    const unknown = freshId();

    expect(await routes.of(pool, unknown)).toBe(unknown);
    expect(await routes.of(pool, unknown)).toBe(unknown);
    expect(statements).toHaveLength(2);
  });

  it('sends no statement for what is not an id: the statement that takes it refuses it as before', async () => {
    const routes = new ChannelRoutes();

    expect(await routes.of(pool, 'not-a-number')).toBe('not-a-number');
    expect(statements).toHaveLength(0);
  });

  it('keeps no failed read: the next ask reads again', async () => {
    const { server } = await aServerWithOwner(createKyselyStores(pool));
    const routes = new ChannelRoutes();
    const away = openPostgres({ url: 'postgres://postgres@127.0.0.1:1/none', poolSize: 1 });
    try {
      await expect(routes.of(away, server.defaultChannelId)).rejects.toThrow();
    } finally {
      await away.destroy();
    }
    statements.length = 0;

    expect(await routes.of(pool, server.defaultChannelId)).toBe(server.id);
    expect(statements).toHaveLength(1);
  });

  it('drops what it kept once it holds its most, and reads again', async () => {
    const stores = createKyselyStores(pool);
    const [one, two] = [await aServerWithOwner(stores), await aServerWithOwner(stores)];
    const routes = new ChannelRoutes(1);
    statements.length = 0;

    expect(await routes.of(pool, one.server.defaultChannelId)).toBe(one.server.id);
    expect(await routes.of(pool, two.server.defaultChannelId)).toBe(two.server.id);
    expect(await routes.of(pool, one.server.defaultChannelId)).toBe(one.server.id);
    expect(statements).toHaveLength(3);
  });
});
