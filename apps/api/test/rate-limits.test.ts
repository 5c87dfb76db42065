import type { Redis } from '@chat/redis';
import { buildTestApp, problemBody, type TestApp } from './test-app';
import { connect, describeWithRedis, limitersFor, uniquePrefix } from './redis-testing';
import { accountKey } from '../src/rate-limits/create-rate-limiters';

const send = (t: TestApp, token: string, channelId: string, content = 'hi') =>
  t.http().post(`/api/channels/${channelId}/messages`).set('Authorization', token).send({ content });

const login = (t: TestApp, password: string, headers: Record<string, string> = {}) =>
  t.http().post('/api/users/login').set(headers).send({ username: 'target', password });

describeWithRedis('rate limits shared through the real Redis', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = await connect();
  });
  afterAll(async () => {
    await redis.quit();
  });

  const appWith = async (env: Record<string, string> = {}, trustProxy = 0) =>
    buildTestApp({}, { rateLimiters: limitersFor({ REDIS_KEY_PREFIX: uniquePrefix(), ...env }, redis), trustProxy });

  it('keeps counting when Redis forgets its scripts (a restart does), for sends that arrive together', async () => {
    const t = await appWith({ RATE_LIMIT_SEND_MESSAGE: '4/10s' });
    const { owner, channelId } = await t.aServerWithMember();
    expect((await send(t, owner.token, channelId)).status).toBe(201);

    await redis.call('SCRIPT', 'FLUSH');
    // Sent at once, so several may meet the missing script (and share a pipelined write) before it is loaded again.
    const statuses = await Promise.all([1, 2, 3, 4].map((i) => send(t, owner.token, channelId, `again ${i}`).then((res) => res.status)));
    expect(statuses.sort()).toEqual([201, 201, 201, 429]);
  });

  it('accepts 15 messages in 10 s per user, refuses the 16th with 429 and stores nothing', async () => {
    const t = await appWith();
    const { owner, member, channelId } = await t.aServerWithMember();
    for (let i = 1; i <= 15; i++) {
      const res = await send(t, owner.token, channelId, `m${i}`);
      expect(res.status).toBe(201);
      expect(res.headers['ratelimit-policy']).toMatch(/^"sendMessage"; q=15; w=10; pk=:[\w+/=]+:$/);
      expect(res.headers.ratelimit).toMatch(new RegExp(`^"sendMessage"; r=${15 - i}; t=\\d+(; pk=:[\\w+/=]+:)?$`));
    }
    const refused = await send(t, owner.token, channelId, 'one too many');
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 429, body: problemBody(429, 'Too Many Requests', 'RATE_LIMITED') });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(10);
    expect(refused.headers.ratelimit).toMatch(/^"sendMessage"; r=0; t=\d+(; pk=:[\w+/=]+:)?$/);

    const page = await t.http().get(`/api/channels/${channelId}/messages`).set('Authorization', owner.token);
    expect(page.body).toHaveLength(15);
    expect((await send(t, member.token, channelId)).status).toBe(201);
  });

  it('gives back what a revoked token spent, and tells it nothing of its owner\'s limit', async () => {
    const t = await appWith({ RATE_LIMIT_SEND_MESSAGE: '3/10s' });
    const { owner, channelId } = await t.aServerWithMember();
    const other = await t.http().post('/api/users/login').send({ username: owner.username, password: 'correct horse' });
    expect((await t.http().post('/api/users/logout').set('Authorization', owner.token)).status).toBe(204);
    for (let i = 0; i < 6; i++) {
      const res = await send(t, owner.token, channelId, `revoked ${i}`);
      expect({ status: res.status, ratelimit: res.headers.ratelimit, policy: res.headers['ratelimit-policy'] }).toEqual({
        status: 401,
        ratelimit: undefined,
        policy: undefined,
      });
    }
    // The owner's live session still has its whole limit.
    for (let i = 0; i < 3; i++) expect((await send(t, other.body.token, channelId, `live ${i}`)).status).toBe(201);
    expect((await send(t, other.body.token, channelId, 'one too many')).status).toBe(429);
  });

  it('counts a user across all channels', async () => {
    const t = await appWith({ RATE_LIMIT_SEND_MESSAGE: '2/10s' });
    const { owner, channelId } = await t.aServerWithMember();
    const other = await t.createServer(owner, 'Second');
    expect((await send(t, owner.token, channelId)).status).toBe(201);
    expect((await send(t, owner.token, other.defaultChannelId)).status).toBe(201);
    expect((await send(t, owner.token, other.defaultChannelId)).status).toBe(429);
  });

  it('frees the window after Retry-After', async () => {
    const t = await appWith({ RATE_LIMIT_SEND_MESSAGE: '2/1s' });
    const { owner, channelId } = await t.aServerWithMember();
    await send(t, owner.token, channelId);
    await send(t, owner.token, channelId);
    const refused = await send(t, owner.token, channelId);
    expect(refused.status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, Number(refused.headers['retry-after']) * 1000 + 100));
    expect((await send(t, owner.token, channelId)).status).toBe(201);
  });

  it('counts failed logins: the 11th attempt in a minute is refused even with the right password', async () => {
    const t = await appWith();
    await t.register('target');
    for (let i = 0; i < 10; i++) expect((await login(t, 'wrong password')).status).toBe(401);
    const refused = await login(t, 'correct horse');
    expect(refused.status).toBe(429);
    expect(refused.headers['ratelimit-policy']).toMatch(/^"login"; q=10; w=60; pk=:[\w+/=]+:$/);
  });

  it('ignores a client-sent X-Forwarded-For when no proxy is trusted', async () => {
    const t = await appWith();
    await t.register('target');
    for (let i = 0; i < 10; i++) await login(t, 'wrong password', { 'X-Forwarded-For': `203.0.113.${i}` });
    expect((await login(t, 'wrong password', { 'X-Forwarded-For': '198.51.100.7' })).status).toBe(429);
  });

  it('counts the real client behind a trusted load balancer (TRUST_PROXY=1)', async () => {
    const t = await appWith({ RATE_LIMIT_LOGIN_ACCOUNT: '100/5m' }, 1);
    await t.register('target');
    for (let i = 0; i < 10; i++) await login(t, 'wrong password', { 'X-Forwarded-For': '203.0.113.9' });
    expect((await login(t, 'wrong password', { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(429);
    expect((await login(t, 'wrong password', { 'X-Forwarded-For': '198.51.100.7' })).status).toBe(401);
  });

  it('limits registrations per address', async () => {
    const t = await appWith({ RATE_LIMIT_REGISTER: '2/1h' });
    await t.register('first');
    await t.register('second');
    const res = await t.http().post('/api/users/register').send({ username: 'third', email: 'third@example.com', password: 'correct horse' });
    expect(res.status).toBe(429);
  });

  it('limits every other write per user (RATE_LIMIT_WRITES, default 60 a minute): reads, sends and other users apart', async () => {
    const t = await appWith({ RATE_LIMIT_WRITES: '4/60s' });
    const owner = await t.register('owner');
    const other = await t.register('other');
    const server = await t.createServer(owner); // 1
    const invite = () => t.http().post(`/api/servers/${server.id}/invites`).set('Authorization', owner.token);
    expect((await invite()).status).toBe(201); // 2
    expect((await t.http().patch(`/api/servers/${server.id}`).set('Authorization', owner.token).send({ name: 'Renamed' })).status).toBe(200); // 3
    expect((await t.http().post(`/api/servers/${server.id}/channels`).set('Authorization', owner.token).send({ name: 'more' })).status).toBe(201); // 4

    const refused = await invite();
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 429, body: problemBody(429, 'Too Many Requests', 'RATE_LIMITED') });
    expect(refused.headers['ratelimit-policy']).toMatch(/^"writes"; q=4; w=60/);
    expect((await t.http().get(`/api/servers/${server.id}`).set('Authorization', owner.token)).status).toBe(200);
    expect((await send(t, owner.token, server.defaultChannelId)).status).toBe(201);
    expect((await t.http().post('/api/servers').set('Authorization', other.token).send({ name: 'Mine' })).status).toBe(201);
  });

  it('limits password changes per user (RATE_LIMIT_CHANGE_PASSWORD, default 5 per 15 minutes): a stolen token cannot guess the password', async () => {
    const t = await appWith();
    const alice = await t.register('alice');
    const change = (currentPassword: string) =>
      t.http().patch('/api/users/@me/password').set('Authorization', alice.token).send({ currentPassword, newPassword: 'battery staple' });
    for (let i = 0; i < 5; i++) expect((await change(`guess number ${i}`)).status).toBe(400);
    const refused = await change('correct horse');
    expect(refused.status).toBe(429);
    expect(refused.headers['ratelimit-policy']).toMatch(/^"changePassword"; q=5; w=900/);
  });

  describe('per account (RATE_LIMIT_LOGIN_ACCOUNT, default 10 failed logins per 5 minutes)', () => {
    const from = (address: string) => ({ 'X-Forwarded-For': address });

    it('stops a spray at one account from many addresses, whatever the case or spaces of the name; other accounts are untouched', async () => {
      const t = await appWith({}, 1);
      await t.register('target');
      await t.register('bystander');
      for (let i = 0; i < 10; i++) {
        const name = i % 2 ? 'TARGET' : ' target ';
        const res = await t.http().post('/api/users/login').set(from(`203.0.113.${i}`)).send({ username: name, password: 'wrong password' });
        expect(res.status).toBe(401);
      }
      const refused = await login(t, 'correct horse', from('198.51.100.1'));
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 429, body: problemBody(429, 'Too Many Requests', 'RATE_LIMITED') });
      expect(refused.headers['ratelimit-policy']).toMatch(/(^|, )"loginAccount"; q=10; w=300; pk=:[\w+/=]+:$/);
      const other = await t.http().post('/api/users/login').set(from('198.51.100.2')).send({ username: 'bystander', password: 'correct horse' });
      expect(other.status).toBe(200);
    });

    it('counts an email apart from other accounts, and never counts a login that succeeded', async () => {
      const t = await appWith({ RATE_LIMIT_LOGIN: '1000/60s', RATE_LIMIT_LOGIN_ACCOUNT: '3/5m' });
      await t.register('target');
      for (let i = 0; i < 6; i++) {
        expect((await t.http().post('/api/users/login').send({ email: 'Target@Example.com', password: 'correct horse' })).status).toBe(200);
      }
      for (let i = 0; i < 3; i++) expect((await t.http().post('/api/users/login').send({ email: 'target@example.com', password: 'nope nope' })).status).toBe(401);
      expect((await t.http().post('/api/users/login').send({ email: 'TARGET@example.com', password: 'correct horse' })).status).toBe(429);
    });

    it('locks for its window only: once it turns, the owner logs in', async () => {
      const t = await appWith({ RATE_LIMIT_LOGIN: '1000/60s', RATE_LIMIT_LOGIN_ACCOUNT: '2/2s' });
      await t.register('target');
      for (let i = 0; i < 2; i++) expect((await login(t, 'wrong password')).status).toBe(401);
      const refused = await login(t, 'correct horse');
      expect(refused.status).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, Number(refused.headers['retry-after']) * 1000 + 100));
      expect((await login(t, 'correct horse')).status).toBe(200);
    });

    it('leaves a body that names no account to validation (400), uncounted', async () => {
      const t = await appWith({ RATE_LIMIT_LOGIN: '1000/60s', RATE_LIMIT_LOGIN_ACCOUNT: '1/5m' });
      for (let i = 0; i < 3; i++) expect((await t.http().post('/api/users/login').send({ password: 'x' })).status).toBe(400);
      await t.register('target');
      expect((await login(t, 'correct horse')).status).toBe(200);
    });
  });
});

describe('the login limit\'s account key', () => {
  it('is the same for every spelling that logs in to the same account', () => {
    expect(new Set(['kate@example.com', ' KATE@example.com', 'ｋａｔｅ@example.com', '\u212Aate@example.com'].map((email) => accountKey({ email, password: 'x' })))).toEqual(new Set(['email:kate@example.com']));
    expect(new Set(['kate', ' Kate ', 'ｋａｔｅ', '\u212Aate'].map((username) => accountKey({ username, password: 'x' })))).toEqual(new Set(['username:kate']));
  });
});
