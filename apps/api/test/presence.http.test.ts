import { buildTestApp, problemBody, type TestApp } from './test-app';

const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

describe('GET /api/servers/:serverId/members?presence=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });

  it('adds what each member shows: online, chosen, offline without a socket (or invisible)', async () => {
    const { owner, member, server } = await t.aServerWithMember();
    const third = await t.register();
    await t.join(third, server.id, owner);
    await t.adapters.presence.enter('replica-1', 60_000, new Map([[owner.id, { count: 1, places: [server.id] }], [third.id, { count: 1, places: [server.id] }]]));
    await t.adapters.presence.choose(third.id, 'invisible');

    const res = await t.http().get(`/api/servers/${server.id}/members?presence=true`).set('Authorization', member.token);

    expect(res.status).toBe(200);
    expect(res.body.map((m: { userId: string; status: string }) => [m.userId, m.status])).toEqual([
      [owner.id, 'online'],
      [member.id, 'offline'],
      [third.id, 'offline'],
    ]);
  });

  it('leaves status out without presence=true', async () => {
    const { owner, server } = await t.aServerWithMember();

    for (const query of ['', '?presence=false']) {
      const res = await t.http().get(`/api/servers/${server.id}/members${query}`).set('Authorization', owner.token);
      expect({ status: res.status, keys: res.body.map((m: object) => Object.keys(m).sort()) }).toEqual({
        status: 200,
        keys: [
          ['joinedAt', 'roleIds', 'serverId', 'user', 'userId'],
          ['joinedAt', 'roleIds', 'serverId', 'user', 'userId'],
        ],
      });
    }
  });

  it('answers 400 for presence other than true or false, and 403 to a stranger as without it', async () => {
    const { server } = await t.aServerWithMember();
    const stranger = await t.register();
    const path = `/api/servers/${server.id}/members`;

    expect(answer(await t.http().get(`${path}?presence=yes`).set('Authorization', stranger.token))).toEqual({
      status: 400,
      body: problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'presence', message: 'must be true or false' }] }),
    });
    expect(answer(await t.http().get(`${path}?presence=true`).set('Authorization', stranger.token))).toEqual({ status: 403, body: problemBody(403, 'Forbidden', 'FORBIDDEN') });
  });
});
