import { loginNamesOf } from '@chat/domain';
import { JoseDeviceTokens } from '@chat/jose';
import { isCluster, type RedisClient } from '@chat/redis';
import { buildTestApp, problemBody, type TestApp, type TestUser } from './test-app';
import { connect, describeEachRedis, itWithPrivateRedis, limitersFor, startPrivateRedis, uniquePrefix } from './redis-testing';
import { accountKey } from '../src/rate-limits/login-lane';

const send = (t: TestApp, token: string, channelId: string, content = 'hi') =>
  t.http().post(`/api/channels/${channelId}/messages`).set('Authorization', token).send({ content });

const login = (t: TestApp, password: string, headers: Record<string, string> = {}) =>
  t.http().post('/api/users/login').set(headers).send({ username: 'target', password });

describeEachRedis('rate limits shared through the real Redis', (shape) => {
  let redis: RedisClient;
  beforeAll(async () => {
    redis = await shape.connect();
  });
  afterAll(async () => {
    await redis.quit();
  });

  const appWith = async (env: Record<string, string> = {}, trustProxy = 0) =>
    buildTestApp({}, { rateLimiters: limitersFor({ REDIS_KEY_PREFIX: uniquePrefix(), ...env }, redis), trustProxy });

  /** Sends that arrive together right after Redis forgot its scripts are still counted. */
  const countsAfterScriptsFlushed = async (client: RedisClient, flush: () => Promise<unknown>) => {
    const t = await buildTestApp({}, { rateLimiters: limitersFor({ REDIS_KEY_PREFIX: uniquePrefix(), RATE_LIMIT_SEND_MESSAGE: '4/10s' }, client) });
    const { owner, channelId } = await t.aServerWithMember();
    expect((await send(t, owner.token, channelId)).status).toBe(201);

    await flush();
    // Sent at once, so several may meet the missing script (and share a pipelined write) before it is loaded again.
    const statuses = await Promise.all([1, 2, 3, 4].map((i) => send(t, owner.token, channelId, `again ${i}`).then((res) => res.status)));
    expect(statuses.sort()).toEqual([201, 201, 201, 429]);
  };

  if (shape.name === 'single') {
    // On a Redis of its own: flushing the scripts of a developer's server is not a test's to do.
    itWithPrivateRedis('keeps counting when Redis forgets its scripts (a restart does), for sends that arrive together', async () => {
      const server = await startPrivateRedis();
      const own = await connect(server.url);
      try {
        await countsAfterScriptsFlushed(own, () => own.call('SCRIPT', 'FLUSH'));
      } finally {
        own.disconnect();
        await server.stop();
      }
    }, 20_000);
  } else {
    // The test cluster is the tests' own; a replica promoted by a failover starts with no scripts alike.
    it('keeps counting when every master forgets its scripts (a failover does), for sends that arrive together', async () => {
      if (!isCluster(redis)) throw new Error('not a cluster');
      const cluster = redis;
      await countsAfterScriptsFlushed(cluster, () => Promise.all(cluster.nodes('master').map((node) => node.script('FLUSH'))));
    }, 20_000);
  }

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

  it('counts a revoked token\'s sends against its own session only, and tells it nothing of its owner\'s limit', async () => {
    const t = await appWith({ RATE_LIMIT_SEND_MESSAGE: '3/10s' });
    const { owner, channelId } = await t.aServerWithMember();
    const other = await t.http().post('/api/users/login').send({ username: owner.username, password: 'correct horse' });
    expect((await send(t, other.body.token, channelId, 'live first')).status).toBe(201);
    expect((await t.http().post('/api/users/logout').set('Authorization', owner.token)).status).toBe(204);
    const revoked = [];
    for (let i = 0; i < 6; i++) {
      const res = await send(t, owner.token, channelId, `revoked ${i}`);
      revoked.push({ status: res.status, ratelimit: res.headers.ratelimit?.replace(/; t=\d+.*$/, '') });
    }
    // Its own session's limit, not its owner's (who has 2 left): 401 while under it, then 429.
    expect(revoked).toEqual([
      { status: 401, ratelimit: undefined },
      { status: 401, ratelimit: undefined },
      { status: 401, ratelimit: undefined },
      { status: 429, ratelimit: '"sendMessage"; r=0' },
      { status: 429, ratelimit: '"sendMessage"; r=0' },
      { status: 429, ratelimit: '"sendMessage"; r=0' },
    ]);
    // The owner's live session still has what it had left.
    for (let i = 0; i < 2; i++) expect((await send(t, other.body.token, channelId, `live ${i}`)).status).toBe(201);
    expect((await send(t, other.body.token, channelId, 'one too many')).status).toBe(429);
  });

  it('counts a user across sessions: a second login does not add to the limit', async () => {
    const t = await appWith({ RATE_LIMIT_SEND_MESSAGE: '3/10s' });
    const { owner, channelId } = await t.aServerWithMember();
    const other = await t.http().post('/api/users/login').send({ username: owner.username, password: 'correct horse' });
    expect((await send(t, owner.token, channelId, 'a')).status).toBe(201);
    expect((await send(t, other.body.token, channelId, 'b')).status).toBe(201);
    const third = await send(t, owner.token, channelId, 'c');
    expect({ status: third.status, ratelimit: third.headers.ratelimit?.replace(/; t=\d+.*$/, '') }).toEqual({ status: 201, ratelimit: '"sendMessage"; r=0' });
    const refused = await send(t, other.body.token, channelId, 'd');
    expect({ status: refused.status, ratelimit: refused.headers.ratelimit?.replace(/; t=\d+.*$/, '') }).toEqual({ status: 429, ratelimit: '"sendMessage"; r=0' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(10);
  });

  it('never lets a revoked token spend its owner\'s send limit, even when its sends arrive together beyond the limit', async () => {
    const t = await appWith({ RATE_LIMIT_SEND_MESSAGE: '3/10s' });
    const { owner, channelId } = await t.aServerWithMember();
    const other = await t.http().post('/api/users/login').send({ username: owner.username, password: 'correct horse' });
    expect((await t.http().post('/api/users/logout').set('Authorization', owner.token)).status).toBe(204);
    // Together, as a thief's script sends them: most are refused before anything looks at the session.
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => send(t, owner.token, channelId, `revoked ${i}`).then((res) => res.status)));
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < 3; i++) expect((await send(t, other.body.token, channelId, `live ${i}`)).status).toBe(201);
    expect((await send(t, other.body.token, channelId, 'one too many')).status).toBe(429);
  });

  describe('bots (RATE_LIMIT_BOT_SEND_MULTIPLE, default 5)', () => {
    /** A bot of `owner`'s, with an access token, in `serverId`. */
    const aBot = async (t: TestApp, owner: TestUser, serverId: string, name: string) => {
      const app = await t.http().post('/api/applications').set('Authorization', owner.token).send({ name });
      const grant = await t.http().post('/api/oauth2/token').type('form').send({ grant_type: 'client_credentials', client_id: app.body.clientId, client_secret: app.body.clientSecret });
      const token = `Bearer ${grant.body.access_token as string}`;
      const invite = await t.http().post(`/api/servers/${serverId}/invites`).set('Authorization', owner.token);
      expect((await t.http().post(`/api/invites/${invite.body.code}`).set('Authorization', token)).status).toBe(200);
      return token;
    };

    it('counts all of an owner\'s bots together, against the multiple of the send limit, apart from the owner', async () => {
      const t = await appWith({ RATE_LIMIT_SEND_MESSAGE: '2/10s', RATE_LIMIT_BOT_SEND_MULTIPLE: '2' });
      const { owner, server, channelId } = await t.aServerWithMember();
      const first = await aBot(t, owner, server.id, 'First');
      const second = await aBot(t, owner, server.id, 'Second');
      const sent = [];
      for (const token of [first, first, first, second]) sent.push((await send(t, token, channelId)).status);
      expect(sent).toEqual([201, 201, 201, 201]);
      const refused = await send(t, second, channelId);
      expect({ status: refused.status, detail: refused.body.detail, policy: refused.headers['ratelimit-policy'] }).toEqual({
        status: 429,
        detail: expect.stringContaining('at most 4 every 10 seconds'),
        policy: expect.stringMatching(/^"sendMessage"; q=4; w=10/),
      });
      expect((await send(t, first, channelId)).status).toBe(429);
      for (let i = 0; i < 2; i++) expect((await send(t, owner.token, channelId)).status).toBe(201);
    });

    it('counts a bot token issued before tokens named the owner against that bot alone, at the plain limit', async () => {
      const t = await appWith({ RATE_LIMIT_SEND_MESSAGE: '2/10s', RATE_LIMIT_BOT_SEND_MULTIPLE: '5' });
      const { owner, server, channelId } = await t.aServerWithMember();
      const current = await aBot(t, owner, server.id, 'Current');
      const actor = await t.adapters.tokens.verify(current.slice('Bearer '.length));
      const old = await t.adapters.tokens.issue({ userId: actor!.userId, sessionId: actor!.sessionId }, 900);
      for (let i = 0; i < 2; i++) expect((await send(t, old, channelId)).status).toBe(201);
      expect((await send(t, old, channelId)).status).toBe(429);
      expect((await send(t, current, channelId)).status).toBe(201);
    });
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

  it('limits password changes per session (RATE_LIMIT_CHANGE_PASSWORD, default 5 per 15 minutes): a stolen token cannot guess the password', async () => {
    const t = await appWith();
    const alice = await t.register('alice');
    const change = (currentPassword: string) =>
      t.http().patch('/api/users/@me/password').set('Authorization', alice.token).send({ currentPassword, newPassword: 'battery staple' });
    for (let i = 0; i < 5; i++) expect((await change(`guess number ${i}`)).status).toBe(400);
    const refused = await change('correct horse');
    expect(refused.status).toBe(429);
    expect(refused.headers['ratelimit-policy']).toMatch(/^"changePassword"; q=5; w=900/);
  });

  describe('the owner\'s remedies against a stolen token', () => {
    /** The owner and a thief holding a token of another session of theirs. */
    const ownerAndThief = async (t: TestApp) => {
      const owner = await t.register('owner');
      const stolen = await t.http().post('/api/users/login').send({ username: 'owner', password: 'correct horse' });
      return { owner, thief: stolen.body.token as string };
    };

    it('logs out, revokes a session and revokes all once a stolen token has spent every write', async () => {
      const t = await appWith({ RATE_LIMIT_WRITES: '3/60s' });
      const { owner, thief } = await ownerAndThief(t);
      for (let i = 0; i < 3; i++) expect((await t.http().post('/api/servers').set('Authorization', thief).send({ name: `Spam ${i}` })).status).toBe(201);
      expect((await t.http().post('/api/servers').set('Authorization', thief).send({ name: 'Spam' })).status).toBe(429);
      expect((await t.http().post('/api/servers').set('Authorization', owner.token).send({ name: 'Mine' })).status).toBe(429);

      const spare = await t.http().post('/api/users/login').send({ username: 'owner', password: 'correct horse' });
      const sessions = await t.http().get('/api/users/@me/sessions').set('Authorization', owner.token);
      const another = (sessions.body as { id: string; current: boolean }[]).find((s) => !s.current)!.id;
      expect((await t.http().delete(`/api/users/@me/sessions/${another}`).set('Authorization', owner.token)).status).toBe(204);
      const revokeAll = await t.http().post('/api/users/@me/sessions/revoke-all').set('Authorization', owner.token);
      expect({ status: revokeAll.status, body: revokeAll.body }).toEqual({ status: 200, body: { revoked: 1 } });
      expect((await t.http().post('/api/users/logout').set('Authorization', owner.token)).status).toBe(204);
      expect((await t.http().post('/api/servers').set('Authorization', thief).send({ name: 'Spam' })).status).toBe(401);
      expect((await t.http().post('/api/servers').set('Authorization', spare.body.token).send({ name: 'Spam' })).status).toBe(401);
    });

    it('limits revoking sessions per session (RATE_LIMIT_REVOKE_SESSIONS, default 20 a minute), apart from every other write', async () => {
      const t = await appWith({ RATE_LIMIT_REVOKE_SESSIONS: '2/60s' });
      const { owner, thief } = await ownerAndThief(t);
      const revoke = (token: string, sessionId: string) => t.http().delete(`/api/users/@me/sessions/${sessionId}`).set('Authorization', token);
      for (let i = 0; i < 2; i++) expect((await revoke(thief, '999999')).status).toBe(404);
      const refused = await revoke(thief, '999999');
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 429, body: problemBody(429, 'Too Many Requests', 'RATE_LIMITED') });
      expect(refused.headers['ratelimit-policy']).toMatch(/^"revokeSessions"; q=2; w=60/);
      expect((await t.http().post('/api/servers').set('Authorization', thief).send({ name: 'Still writes' })).status).toBe(201);
      const revokeAll = await t.http().post('/api/users/@me/sessions/revoke-all').set('Authorization', owner.token);
      expect({ status: revokeAll.status, body: revokeAll.body }).toEqual({ status: 200, body: { revoked: 1 } });
    });

    it('changes the password once a stolen token has spent its own tries at guessing it', async () => {
      const t = await appWith();
      const { owner, thief } = await ownerAndThief(t);
      const change = (token: string, currentPassword: string) =>
        t.http().patch('/api/users/@me/password').set('Authorization', token).send({ currentPassword, newPassword: 'battery staple' });
      for (let i = 0; i < 5; i++) expect((await change(thief, `guess number ${i}`)).status).toBe(400);
      expect((await change(thief, 'correct horse')).status).toBe(429);
      expect((await change(owner.token, 'correct horse')).status).toBe(204);
      expect((await change(thief, 'battery staple')).status).toBe(401);
    });
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

  describe('device tokens: a client that logged in before keeps its own failed-login limit (OWASP device cookies)', () => {
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    const logIn = (t: TestApp, body: Record<string, unknown>, address: string) => t.http().post('/api/users/login').set(from(address)).send(body);
    /** 10 wrong passwords by username and 10 by email, each from an address of its own. */
    const attack = async (t: TestApp) => {
      for (let i = 0; i < 10; i++) expect((await logIn(t, { username: 'target', password: 'wrong password' }, `203.0.113.${i}`)).status).toBe(401);
      for (let i = 0; i < 10; i++) expect((await logIn(t, { email: 'target@example.com', password: 'wrong password' }, `203.0.113.${10 + i}`)).status).toBe(401);
    };
    const deviceTokenOf = async (t: TestApp, username: string) => {
      const res = await logIn(t, { username, password: 'correct horse' }, '198.51.100.1');
      expect(res.status).toBe(200);
      return res.body.deviceToken as string;
    };

    it('lets the owner in with the right password and a device token while 20 failures from elsewhere lock the account', async () => {
      const t = await appWith({}, 1);
      await t.register('target');
      const deviceToken = await deviceTokenOf(t, 'target');
      await attack(t);

      for (const name of [{ username: 'target' }, { email: 'TARGET@example.com' }]) {
        const owner = await logIn(t, { ...name, password: 'correct horse', deviceToken }, '198.51.100.1');
        expect({ status: owner.status, user: owner.body.user?.username }).toEqual({ status: 200, user: 'target' });
        expect(typeof owner.body.deviceToken).toBe('string');
        // Without one, the guessing limit holds, for the right password too.
        const unknown = await logIn(t, { ...name, password: 'correct horse' }, '198.51.100.2');
        expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 429, body: problemBody(429, 'Too Many Requests', 'RATE_LIMITED') });
      }
    });

    it("does not let another account's device token through", async () => {
      const t = await appWith({}, 1);
      await t.register('target');
      await t.register('other');
      const othersToken = await deviceTokenOf(t, 'other');
      await attack(t);
      expect((await logIn(t, { username: 'target', password: 'correct horse', deviceToken: othersToken }, '198.51.100.1')).status).toBe(429);
      expect((await logIn(t, { username: 'other', password: 'correct horse', deviceToken: othersToken }, '198.51.100.1')).status).toBe(200);
    });

    it('ignores a forged, foreign or malformed device token: the account limit applies, never a 500', async () => {
      const t = await appWith({}, 1);
      const target = await t.register('target');
      const forged = await (await JoseDeviceTokens.create({ secret: 'another-secret-another-secret-another-secret' })).issue(loginNamesOf({ username: 'target', email: 'target@example.com' }));
      // Each is no device token: with the account unlocked the right password works, or a body that is not a string is refused 400.
      const tokens: [unknown, number][] = [[forged, 200], [target.token, 200], ['not.a.token', 200], ['', 200], [42, 400], [null, 400], [{ nested: true }, 400], ['x'.repeat(5000), 400]];
      for (const [deviceToken, status] of tokens) expect((await logIn(t, { username: 'target', password: 'correct horse', deviceToken }, '198.51.100.1')).status).toBe(status);
      await attack(t);
      for (const [deviceToken] of tokens) expect((await logIn(t, { username: 'target', password: 'correct horse', deviceToken }, '198.51.100.1')).status).toBe(429);
    });

    it("counts a device token's failures against that token only: the account's limit is left whole", async () => {
      const t = await appWith({ RATE_LIMIT_LOGIN_ACCOUNT: '3/5m' }, 1);
      await t.register('target');
      const deviceToken = await deviceTokenOf(t, 'target');
      for (let i = 0; i < 3; i++) expect((await logIn(t, { username: 'target', password: 'wrong password', deviceToken }, '198.51.100.1')).status).toBe(401);
      const refused = await logIn(t, { username: 'target', password: 'correct horse', deviceToken }, '198.51.100.1');
      expect({ status: refused.status, detail: refused.body.detail }).toEqual({ status: 429, detail: expect.stringMatching(/^Too many failed logins with this device token/) });
      expect((await logIn(t, { username: 'target', password: 'correct horse' }, '198.51.100.1')).status).toBe(200);
    });
  });

  describe('IPv6 clients: per /64, with a budget per /48 beside it (RATE_LIMIT_LOGIN_NETWORK, RATE_LIMIT_REGISTER_NETWORK)', () => {
    const from = (address: string) => ({ 'X-Forwarded-For': address });

    it('counts logins of one /64 together, two /64s apart, and every /64 of a /48 against the /48 budget', async () => {
      const t = await appWith({ RATE_LIMIT_LOGIN: '2/60s', RATE_LIMIT_LOGIN_NETWORK: '3/60s', RATE_LIMIT_LOGIN_ACCOUNT: '100/5m' }, 1);
      await t.register('target');
      const attempt = (address: string) => login(t, 'wrong password', from(address));
      expect((await attempt('2001:db8:1:1::1')).status).toBe(401);
      expect((await attempt('2001:db8:1:1:ffff::2')).status).toBe(401);
      const sameSlash64 = await attempt('2001:db8:1:1::3');
      expect({ status: sameSlash64.status, policy: sameSlash64.headers['ratelimit-policy'] }).toEqual({ status: 429, policy: expect.stringMatching(/^"login"; q=2; w=60/) });
      // Another /64 of the same /56 (and /48): a budget of its own.
      expect((await attempt('2001:db8:1:2::1')).status).toBe(401);
      // A third /64: its own /64 budget is whole, but the /48's is spent.
      const sameSlash48 = await attempt('2001:db8:1:3::1');
      expect({ status: sameSlash48.status, body: sameSlash48.body }).toEqual({ status: 429, body: problemBody(429, 'Too Many Requests', 'RATE_LIMITED') });
      expect(sameSlash48.headers['ratelimit-policy']).toMatch(/"loginNetwork"; q=3; w=60/);
      expect((await attempt('2001:db8:2::1')).status).toBe(401);
      // IPv4 addresses count alone, in both.
      expect((await attempt('203.0.113.1')).status).toBe(401);
      expect((await attempt('203.0.113.2')).status).toBe(401);
    });

    it('counts registrations the same way', async () => {
      const t = await appWith({ RATE_LIMIT_REGISTER: '1/1h', RATE_LIMIT_REGISTER_NETWORK: '2/1h' }, 1);
      let n = 0;
      const register = (address: string) =>
        t.http().post('/api/users/register').set(from(address)).send({ username: `user${++n}`, email: `user${n}@example.com`, password: 'correct horse' });
      expect((await register('2001:db8:1:1::1')).status).toBe(201);
      expect((await register('2001:db8:1:1::2')).status).toBe(429);
      expect((await register('2001:db8:1:2::1')).status).toBe(201);
      expect((await register('2001:db8:1:3::1')).status).toBe(429);
      expect((await register('2001:db8:2::1')).status).toBe(201);
    });
  });
});

describe('rate limits counted in memory (no Redis)', () => {
  it('lets a revoked token spend only its own session\'s sends, and counts a user across sessions', async () => {
    const t = await buildTestApp({}, { rateLimiters: limitersFor({ RATE_LIMIT_SEND_MESSAGE: '3/10s' }, undefined) });
    const { owner, channelId } = await t.aServerWithMember();
    const other = await t.http().post('/api/users/login').send({ username: owner.username, password: 'correct horse' });
    const third = await t.http().post('/api/users/login').send({ username: owner.username, password: 'correct horse' });
    expect((await t.http().post('/api/users/logout').set('Authorization', owner.token)).status).toBe(204);
    const revoked = await Promise.all(Array.from({ length: 8 }, () => send(t, owner.token, channelId).then((res) => res.status)));
    expect(revoked.sort()).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
    expect((await send(t, other.body.token, channelId)).status).toBe(201);
    expect((await send(t, other.body.token, channelId)).status).toBe(201);
    expect((await send(t, third.body.token, channelId)).status).toBe(201);
    expect((await send(t, third.body.token, channelId)).status).toBe(429);
  });
});

describe('the login limit\'s account key', () => {
  it('is the same for every spelling that logs in to the same account', () => {
    expect(new Set(['kate@example.com', ' KATE@example.com', 'ｋａｔｅ@example.com', '\u212Aate@example.com'].map((email) => accountKey({ email, password: 'x' })))).toEqual(new Set(['email:kate@example.com']));
    expect(new Set(['kate', ' Kate ', 'ｋａｔｅ', '\u212Aate'].map((username) => accountKey({ username, password: 'x' })))).toEqual(new Set(['username:kate']));
  });
});
