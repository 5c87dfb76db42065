import type { Signal } from '@chat/domain';
import type { RedisClient } from '@chat/redis';
import { buildTestApp, problemBody, type TestApp, type TestUser } from './test-app';
import { describeEachRedis, limitersFor, uniquePrefix } from './redis-testing';

const typing = (t: TestApp, user: TestUser | undefined, channelId: string) => {
  const post = t.http().post(`/api/channels/${channelId}/typing`);
  return user ? post.set('Authorization', user.token) : post;
};
const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

describe('POST /api/channels/:channelId/typing', () => {
  let t: TestApp;
  const heard: Signal[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    t.adapters.signals.subscribe((signal) => heard.push(signal));
  });

  it('answers 204 with no body and puts typing.started on the bus, once in 5 s', async () => {
    const { member, server, channelId } = await t.aServerWithMember();
    heard.length = 0;

    expect(answer(await typing(t, member, channelId))).toEqual({ status: 204, body: {} });
    expect(answer(await typing(t, member, channelId))).toEqual({ status: 204, body: {} });

    expect(heard).toEqual([{ type: 'typing.started', channelId, serverId: server.id, userId: member.id, expiresAt: new Date('2026-05-01T12:00:10.000Z') }]);
  });

  it('refuses as the message routes do: 401 without a token, 404 unknown or malformed, 403 a stranger or without SEND_MESSAGES', async () => {
    const { owner, member, channelId } = await t.aServerWithMember();
    const stranger = await t.register();
    const FORBIDDEN = { status: 403, body: problemBody(403, 'Forbidden', 'FORBIDDEN') };
    const NOT_FOUND = { status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') };
    const denied = await t.http().put(`/api/channels/${channelId}/permissions/${member.id}`).set('Authorization', owner.token).send({ type: 'member', allow: [], deny: ['SEND_MESSAGES'] });
    expect(denied.status).toBe(204);
    heard.length = 0;

    const answers = {
      anonymous: answer(await typing(t, undefined, channelId)),
      unknown: answer(await typing(t, member, '999999999')),
      malformed: answer(await typing(t, member, 'general')),
      stranger: answer(await typing(t, stranger, channelId)),
      muted: answer(await typing(t, member, channelId)),
    };
    const send = answer(await t.http().post(`/api/channels/${channelId}/messages`).set('Authorization', member.token).send({ content: 'hi' }));

    expect(answers).toEqual({
      anonymous: { status: 401, body: problemBody(401, 'Unauthorized', 'UNAUTHENTICATED') },
      unknown: NOT_FOUND,
      malformed: NOT_FOUND,
      stranger: FORBIDDEN,
      muted: FORBIDDEN,
    });
    const { requestId: _mine, ...muted } = answers.muted.body as Record<string, unknown>;
    const { requestId: _sends, ...sendRefused } = send.body as Record<string, unknown>;
    expect({ status: send.status, body: sendRefused }).toEqual({ status: 403, body: { ...muted, detail: 'You need the SEND_MESSAGES permission to do that here.' } });
    expect(heard).toEqual([]);
  });

  it('in a direct conversation: 204 for a recipient, 403 BLOCKED once either blocked the other', async () => {
    const { owner, member } = await t.aServerWithMember();
    const opened = await t.http().post('/api/users/@me/channels').set('Authorization', owner.token).send({ recipientIds: [member.id] });
    expect(opened.status).toBe(201);
    heard.length = 0;

    expect((await typing(t, member, opened.body.id)).status).toBe(204);
    expect(heard).toEqual([expect.objectContaining({ channelId: opened.body.id, serverId: null, userId: member.id })]);
    expect((await t.http().put(`/api/users/@me/blocks/${member.id}`).set('Authorization', owner.token)).status).toBe(204);
    expect(answer(await typing(t, owner, opened.body.id))).toEqual({ status: 403, body: problemBody(403, 'Forbidden', 'BLOCKED') });
  });
});

describeEachRedis('typing under its own limit (RATE_LIMIT_TYPING)', (shape) => {
  let redis: RedisClient;
  beforeAll(async () => {
    redis = await shape.connect();
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('answers 429 past the limit, counted per user, apart from the write limit', async () => {
    const t = await buildTestApp({}, { rateLimiters: limitersFor({ REDIS_KEY_PREFIX: uniquePrefix(), RATE_LIMIT_TYPING: '2/60s', RATE_LIMIT_WRITES: '2/60s' }, redis) });
    const { member, owner, channelId } = await t.aServerWithMember();
    expect((await typing(t, member, channelId)).status).toBe(204);
    expect((await typing(t, member, channelId)).status).toBe(204);

    const refused = await typing(t, member, channelId);
    expect(answer(refused)).toEqual({ status: 429, body: problemBody(429, 'Too Many Requests', 'RATE_LIMITED') });
    expect(refused.headers['ratelimit-policy']).toMatch(/^"typing"; q=2; w=60/);
    expect((await typing(t, owner, channelId)).status).toBe(204);
  });
});
