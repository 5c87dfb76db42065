import { DEFAULT_QUOTAS } from '@chat/domain';
import type { Redis } from '@chat/redis';
import { buildTestApp, problemBody, type TestApp, type TestUser } from './test-app';
import { connect, describeWithRedis, limitersFor, uniquePrefix } from './redis-testing';

const open = (t: TestApp, user: TestUser, recipientIds: unknown) => t.http().post('/api/users/@me/channels').set('Authorization', user.token).send({ recipientIds });
const list = (t: TestApp, user: TestUser, query: Record<string, string> = {}) => t.http().get('/api/users/@me/channels').query(query).set('Authorization', user.token);
const recipient = (t: TestApp, user: TestUser, method: 'put' | 'delete', channelId: string, userId: string) =>
  t.http()[method](`/api/channels/${channelId}/recipients/${userId}`).set('Authorization', user.token);
const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });
const summary = (u: TestUser) => ({ id: u.id, username: u.username, displayName: null, avatar: null });

describe('direct conversations over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });

  async function aTrio() {
    const { owner, member, server } = await t.aServerWithMember();
    const third = await t.register();
    await t.join(third, server.id, owner);
    return { owner, member, third, server };
  }

  it('opens a one-to-one (201), answers the same one to either side after (200), and messages flow through the channel routes', async () => {
    const { owner, member } = await t.aServerWithMember();

    const first = await open(t, owner, [member.id]);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), type: 'dm', recipients: [summary(owner), summary(member)], lastMessageId: null, createdAt: expect.any(String) });
    expect(answer(await open(t, member, [owner.id]))).toEqual({ status: 200, body: first.body });

    const sent = await t.send(member, first.body.id, 'psst');
    const page = await t.http().get(`/api/channels/${first.body.id}/messages`).set('Authorization', owner.token);
    expect(page.body.map((m: { content: string }) => m.content)).toEqual(['psst']);
    expect((await list(t, owner)).body).toEqual([{ ...first.body, lastMessageId: sent.id }]);
  });

  it('opens a group owned by the caller; any recipient renames it; the owner adds and removes; one leaves', async () => {
    const { owner, member, third, server } = await aTrio();
    const fourth = await t.register();
    await t.join(fourth, server.id, owner);

    const group = await open(t, owner, [member.id, third.id]);
    expect(group.status).toBe(201);
    expect(group.body).toMatchObject({ type: 'group', ownerId: owner.id, name: null, recipients: [summary(owner), summary(member), summary(third)] });
    const id = group.body.id as string;

    const renamed = await t.http().patch(`/api/channels/${id}`).set('Authorization', member.token).send({ name: 'Trip' });
    expect(answer(renamed)).toEqual({ status: 200, body: { ...group.body, name: 'Trip' } });
    expect((await recipient(t, owner, 'put', id, fourth.id)).status).toBe(204);
    expect((await recipient(t, owner, 'delete', id, member.id)).status).toBe(204);
    expect((await recipient(t, third, 'delete', id, third.id)).status).toBe(204);

    const now = (await list(t, fourth)).body[0];
    expect(now).toMatchObject({ id, name: 'Trip', recipients: [summary(owner), summary(fourth)] });
    const refused = await t.send(member, id, 'am I still in?').catch((e: Error) => e.message);
    expect(refused).toMatch(/send failed: 403 .*Only the recipients/);
  });

  it.each([
    ['no array', 'someone', 'recipientIds'],
    ['none', [], 'recipientIds'],
    ['ten', Array.from({ length: 10 }, (_, i) => String(1000 + i)), 'recipientIds'],
    ['a malformed id', ['abc'], 'recipientIds.0'],
    ['the same twice', ['77', '77'], 'recipientIds.1'],
  ])('answers 400 to recipientIds with %s', async (_what, recipientIds, path) => {
    const me = await t.register();
    const res = await open(t, me, recipientIds);
    expect(answer(res)).toEqual({ status: 400, body: problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [expect.objectContaining({ path })] }) });
  });

  it('answers 400 to yourself as a recipient, 404 to an unknown user, 403 to a stranger and to a block', async () => {
    const { owner, member } = await t.aServerWithMember();
    const stranger = await t.register();

    expect(answer(await open(t, owner, [owner.id]))).toEqual({
      status: 400,
      body: problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'recipientIds.0', message: 'is you: name the others' }] }),
    });
    expect(answer(await open(t, owner, ['42']))).toEqual({ status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') });
    expect(answer(await open(t, owner, [stranger.id]))).toEqual({ status: 403, body: problemBody(403, 'Forbidden', 'NO_SHARED_SERVER') });
    expect((await t.http().put(`/api/users/@me/blocks/${owner.id}`).set('Authorization', member.token)).status).toBe(204);
    expect(answer(await open(t, owner, [member.id]))).toEqual({ status: 403, body: problemBody(403, 'Forbidden', 'BLOCKED') });
  });

  it('answers 403 BLOCKED to a send in a one-to-one after a block, and still lets both read', async () => {
    const { owner, member } = await t.aServerWithMember();
    const dm = (await open(t, owner, [member.id])).body.id as string;
    await t.send(owner, dm, 'before');
    expect((await t.http().put(`/api/users/@me/blocks/${member.id}`).set('Authorization', owner.token)).status).toBe(204);

    const refused = await t.http().post(`/api/channels/${dm}/messages`).set('Authorization', member.token).send({ content: 'hey' });
    expect(answer(refused)).toEqual({ status: 403, body: problemBody(403, 'Forbidden', 'BLOCKED') });
    const page = await t.http().get(`/api/channels/${dm}/messages`).set('Authorization', member.token);
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(1);
  });

  it('keeps a conversation to its recipients: 403 to others, 404 to an unknown channel; server-channel routes do not reach it', async () => {
    const { owner, member, third } = await aTrio();
    const dm = (await open(t, owner, [member.id])).body.id as string;

    expect(answer(await t.http().get(`/api/channels/${dm}/messages`).set('Authorization', third.token))).toEqual({ status: 403, body: problemBody(403, 'Forbidden', 'FORBIDDEN') });
    expect((await t.http().post(`/api/channels/${dm}/messages`).set('Authorization', third.token).send({ content: 'x' })).status).toBe(403);
    expect((await recipient(t, owner, 'put', '42', member.id)).status).toBe(404);
    expect((await t.http().delete(`/api/channels/${dm}`).set('Authorization', owner.token)).status).toBe(404);
    expect((await t.http().put(`/api/channels/${dm}/permissions/${member.id}`).set('Authorization', owner.token).send({ type: 'member', allow: [], deny: [] })).status).toBe(404);
  });

  it('answers the group errors: not a group, not the owner, not in it, full', async () => {
    const { owner, member, third, server } = await aTrio();
    const dm = (await open(t, owner, [member.id])).body.id as string;
    const group = (await open(t, owner, [member.id, third.id])).body.id as string;

    expect(answer(await recipient(t, owner, 'put', dm, third.id))).toEqual({ status: 400, body: problemBody(400, 'Bad Request', 'NOT_A_GROUP') });
    expect(answer(await t.http().patch(`/api/channels/${dm}`).set('Authorization', owner.token).send({ name: 'x' }))).toEqual({ status: 400, body: problemBody(400, 'Bad Request', 'NOT_A_GROUP') });
    expect(answer(await recipient(t, member, 'delete', group, third.id))).toEqual({ status: 403, body: problemBody(403, 'Forbidden', 'FORBIDDEN') });
    expect(answer(await recipient(t, owner, 'delete', group, (await t.register()).id))).toEqual({ status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') });
    for (let i = 3; i < 10; i++) {
      const someone = await t.register();
      await t.join(someone, server.id, owner);
      expect((await recipient(t, owner, 'put', group, someone.id)).status).toBe(204);
    }
    const late = await t.register();
    await t.join(late, server.id, owner);
    expect(answer(await recipient(t, owner, 'put', group, late.id))).toEqual({ status: 400, body: problemBody(400, 'Bad Request', 'GROUP_FULL') });
  });

  it('answers 401 without a token', async () => {
    const body = problemBody(401, 'Unauthorized', 'UNAUTHENTICATED');
    expect(answer(await t.http().post('/api/users/@me/channels').send({ recipientIds: ['1'] }))).toEqual({ status: 401, body });
    expect(answer(await t.http().get('/api/users/@me/channels'))).toEqual({ status: 401, body });
  });

  it('answers 400 to a bad page', async () => {
    const me = await t.register();
    expect((await list(t, me, { limit: '0' })).status).toBe(400);
    expect((await list(t, me, { after: 'abc' })).status).toBe(400);
  });
});

describe('the daily quota of conversations opened (QUOTA_CONVERSATIONS_PER_DAY)', () => {
  it('answers 403 QUOTA_EXCEEDED past it, and still reopens one already there', async () => {
    const t = await buildTestApp({ quotas: { ...DEFAULT_QUOTAS, conversationsPerDay: 1 } });
    const { owner, member, server } = await t.aServerWithMember();
    const other = await t.register();
    await t.join(other, server.id, owner);
    expect((await open(t, owner, [member.id])).status).toBe(201);

    const refused = await open(t, owner, [other.id]);
    expect(answer(refused)).toEqual({ status: 403, body: problemBody(403, 'Forbidden', 'QUOTA_EXCEEDED') });
    expect(refused.body.detail).toBe('You have opened as many conversations today as one user may (at most 1).');
    expect((await open(t, owner, [member.id])).status).toBe(200);
  });
});

describeWithRedis('opening conversations under its own limit (RATE_LIMIT_OPEN_CONVERSATION)', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = await connect();
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('answers 429 past the limit, counting reopenings too', async () => {
    const t = await buildTestApp({}, { rateLimiters: limitersFor({ REDIS_KEY_PREFIX: uniquePrefix(), RATE_LIMIT_OPEN_CONVERSATION: '2/60s' }, redis) });
    const { owner, member } = await t.aServerWithMember();
    expect((await open(t, owner, [member.id])).status).toBe(201);
    expect((await open(t, owner, [member.id])).status).toBe(200);

    const refused = await open(t, owner, [member.id]);
    expect(answer(refused)).toEqual({ status: 429, body: problemBody(429, 'Too Many Requests', 'RATE_LIMITED') });
    expect(refused.headers['ratelimit-policy']).toMatch(/^"openConversation"; q=2; w=60/);
  });
});
