import { DEFAULT_QUOTAS } from '@chat/domain';
import type { Redis } from '@chat/redis';
import { buildTestApp, problemBody, type TestApp, type TestUser } from './test-app';
import { connect, describeWithRedis, limitersFor, uniquePrefix } from './redis-testing';

const block = (t: TestApp, user: TestUser, userId: string) => t.http().put(`/api/users/@me/blocks/${userId}`).set('Authorization', user.token);
const unblock = (t: TestApp, user: TestUser, userId: string) => t.http().delete(`/api/users/@me/blocks/${userId}`).set('Authorization', user.token);
const blocks = (t: TestApp, user: TestUser, query: Record<string, string> = {}) => t.http().get('/api/users/@me/blocks').query(query).set('Authorization', user.token);
const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

describe('blocks: /api/users/@me/blocks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });

  it('blocks (204), lists the blocked user, and unblocks (204)', async () => {
    const [me, them] = [await t.register(), await t.register()];

    expect(answer(await block(t, me, them.id))).toEqual({ status: 204, body: {} });
    expect(answer(await blocks(t, me))).toEqual({ status: 200, body: [{ id: them.id, username: them.username, displayName: null, avatar: null }] });
    expect(answer(await blocks(t, them))).toEqual({ status: 200, body: [] });

    expect(answer(await unblock(t, me, them.id))).toEqual({ status: 204, body: {} });
    expect(answer(await blocks(t, me))).toEqual({ status: 200, body: [] });
  });

  it('answers 204 to blocking twice and to unblocking someone not blocked', async () => {
    const [me, them] = [await t.register(), await t.register()];

    expect((await block(t, me, them.id)).status).toBe(204);
    expect((await block(t, me, them.id)).status).toBe(204);
    expect((await blocks(t, me)).body).toEqual([{ id: them.id, username: them.username, displayName: null, avatar: null }]);
    expect((await unblock(t, me, them.id)).status).toBe(204);
    expect((await unblock(t, me, them.id)).status).toBe(204);
  });

  it('lists in id order, a page at a time', async () => {
    const me = await t.register();
    const others = [await t.register(), await t.register(), await t.register()];
    for (const other of [...others].reverse()) expect((await block(t, me, other.id)).status).toBe(204);
    const summaries = others.map(({ id, username }) => ({ id, username, displayName: null, avatar: null }));

    expect((await blocks(t, me)).body).toEqual(summaries);
    expect((await blocks(t, me, { limit: '2' })).body).toEqual(summaries.slice(0, 2));
    expect((await blocks(t, me, { limit: '2', after: summaries[1]!.id })).body).toEqual(summaries.slice(2));
  });

  it('answers 400 to blocking or unblocking yourself', async () => {
    const me = await t.register();
    const body = problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'userId', message: 'must be another user: you cannot block yourself' }] });

    expect(answer(await block(t, me, me.id))).toEqual({ status: 400, body });
    expect(answer(await unblock(t, me, me.id))).toEqual({ status: 400, body });
  });

  it.each(['abc', '-1', '9223372036854775808'])('answers 400 to the malformed user id %s', async (userId) => {
    const me = await t.register();
    const body = problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'userId', message: 'must be a user id' }] });

    expect(answer(await block(t, me, userId))).toEqual({ status: 400, body });
    expect(answer(await unblock(t, me, userId))).toEqual({ status: 400, body });
  });

  it('answers 404 to a user id that names nobody', async () => {
    const me = await t.register();
    const body = problemBody(404, 'Not Found', 'NOT_FOUND');

    expect(answer(await block(t, me, '42'))).toEqual({ status: 404, body });
    expect(answer(await unblock(t, me, '42'))).toEqual({ status: 404, body });
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '1001' }, 'limit'],
    [{ after: 'abc' }, 'after'],
  ])('answers 400 to the page %j', async (query, path) => {
    const me = await t.register();
    const res = await blocks(t, me, query);

    expect(res.status).toBe(400);
    expect(res.body).toEqual(problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [expect.objectContaining({ path })] }));
  });

  it('answers 401 without a token, blocking, unblocking or listing', async () => {
    const them = await t.register();
    const body = problemBody(401, 'Unauthorized', 'UNAUTHENTICATED');

    expect(answer(await t.http().put(`/api/users/@me/blocks/${them.id}`))).toEqual({ status: 401, body });
    expect(answer(await t.http().delete(`/api/users/@me/blocks/${them.id}`))).toEqual({ status: 401, body });
    expect(answer(await t.http().get('/api/users/@me/blocks'))).toEqual({ status: 401, body });
  });

  it('answers 403 to a bot: blocks are for people', async () => {
    const [owner, them] = [await t.register(), await t.register()];
    const app = await t.http().post('/api/applications').set('Authorization', owner.token).send({ name: 'Blocker' });
    const grant = await t.http().post('/api/oauth2/token').type('form').send({ grant_type: 'client_credentials', client_id: app.body.clientId, client_secret: app.body.clientSecret });
    const bot = { token: `Bearer ${grant.body.access_token as string}`, id: app.body.bot.id, username: app.body.bot.username };

    expect(answer(await block(t, bot, them.id))).toEqual({ status: 403, body: problemBody(403, 'Forbidden', 'FORBIDDEN') });
    expect((await block(t, them, bot.id)).status).toBe(204);
  });
});

describe('the blocks quota (QUOTA_BLOCKS)', () => {
  it('answers 403 QUOTA_EXCEEDED past it, blocks nobody more, and still takes a block already made', async () => {
    const t = await buildTestApp({ quotas: { ...DEFAULT_QUOTAS, blocks: 2 } });
    const me = await t.register();
    const [a, b, c] = [await t.register(), await t.register(), await t.register()];
    expect((await block(t, me, a.id)).status).toBe(204);
    expect((await block(t, me, b.id)).status).toBe(204);

    const refused = await block(t, me, c.id);
    expect(answer(refused)).toEqual({ status: 403, body: problemBody(403, 'Forbidden', 'QUOTA_EXCEEDED') });
    expect(refused.body.detail).toBe('You block as many users as one user may; unblock someone first (at most 2).');
    expect((await blocks(t, me)).body).toEqual([a, b].map(({ id, username }) => ({ id, username, displayName: null, avatar: null })));
    expect((await block(t, me, a.id)).status).toBe(204);
    expect((await unblock(t, me, a.id)).status).toBe(204);
    expect((await block(t, me, c.id)).status).toBe(204);
  });
});

describeWithRedis('blocks under the per-user write limit (RATE_LIMIT_WRITES)', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = await connect();
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('counts blocking and unblocking as writes (429 past the limit), and not listing', async () => {
    const t = await buildTestApp({}, { rateLimiters: limitersFor({ REDIS_KEY_PREFIX: uniquePrefix(), RATE_LIMIT_WRITES: '2/60s' }, redis) });
    const [me, them] = [await t.register(), await t.register()];
    expect((await block(t, me, them.id)).status).toBe(204);
    expect((await unblock(t, me, them.id)).status).toBe(204);

    const refused = await block(t, me, them.id);
    expect(answer(refused)).toEqual({ status: 429, body: problemBody(429, 'Too Many Requests', 'RATE_LIMITED') });
    expect(refused.headers['ratelimit-policy']).toMatch(/^"writes"; q=2; w=60/);
    expect((await blocks(t, me)).status).toBe(200);
  });
});
