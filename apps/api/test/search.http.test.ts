import type { Redis } from '@chat/redis';
import { connect, describeWithRedis, limitersFor, uniquePrefix } from './redis-testing';
import { describeSearchRoutes } from './search-routes';
import { buildTestApp, problemBody, type TestApp } from './test-app';

describe('search over HTTP on the in-memory stores', () => {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  describeSearchRoutes('in memory', () => {
    if (!t) throw new Error('the app opens in beforeAll');
    return t;
  });
});

describeWithRedis('searching under its own limit (RATE_LIMIT_SEARCH)', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = await connect();
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('answers 429 past the limit, per user and both routes together, and leaves the page alone', async () => {
    const t = await buildTestApp({}, { rateLimiters: limitersFor({ REDIS_KEY_PREFIX: uniquePrefix(), RATE_LIMIT_SEARCH: '2/60s' }, redis) });
    const { owner, member, server, channelId } = await t.aServerWithMember();
    const search = (user: typeof owner) => t.http().get(`/api/servers/${server.id}/messages/search?q=x`).set('Authorization', user.token);
    expect((await search(owner)).status).toBe(200);
    expect((await t.http().get('/api/users/@me/channels/messages/search?q=x').set('Authorization', owner.token)).status).toBe(200);

    const refused = await search(owner);
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 429, body: problemBody(429, 'Too Many Requests', 'RATE_LIMITED') });
    expect(refused.headers['ratelimit-policy']).toMatch(/^"search"; q=2; w=60/);
    expect((await search(member)).status).toBe(200);
    expect((await t.http().get(`/api/channels/${channelId}/messages`).set('Authorization', owner.token)).status).toBe(200);
  });
});
