import { SESSION_USE_GRANULARITY_MS } from '@chat/domain';
import type { FixedClock } from '@chat/domain/testing';
import { buildTestApp, problemBody, type TestApp } from './test-app';

describe('the caller’s sessions over HTTP', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });

  const logIn = async (username: string, userAgent: string, password = 'correct horse') => {
    const res = await t.http().post('/api/users/login').set('User-Agent', userAgent).send({ username, password });
    expect(res.status).toBe(200);
    return res.body.token as string;
  };
  const sessions = (token: string) => t.http().get('/api/users/@me/sessions').set('Authorization', token);
  const me = (token: string) => t.http().get('/api/users/@me/servers').set('Authorization', token);

  it('lists each session with its client, when it was last used and when it expires; the current one marked', async () => {
    const alice = await t.register('alice');
    const phone = await logIn('alice', 'ChatPhone/2.1 (Android 15)');
    (t.adapters.clock as FixedClock).advance(SESSION_USE_GRANULARITY_MS + 1000);
    expect((await me(phone)).status).toBe(200);

    const res = await sessions(alice.token);

    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.any(String),
        createdAt: '2026-05-01T12:00:00.000Z',
        lastUsedAt: '2026-05-01T12:05:01.000Z',
        expiresAt: '2026-05-01T13:00:00.000Z',
        userAgent: 'ChatPhone/2.1 (Android 15)',
        current: false,
      },
      { id: expect.any(String), createdAt: '2026-05-01T12:00:00.000Z', lastUsedAt: expect.any(String), expiresAt: '2026-05-01T13:00:00.000Z', userAgent: null, current: true },
    ]);
    expect((await sessions(phone)).body.map((s: { current: boolean }) => s.current)).toEqual([true, false]);
  });

  it('revokes one session (204): its token stops at once; another user’s session or an unknown one is 404', async () => {
    const alice = await t.register('alice');
    const bob = await t.register('bob');
    const laptop = await logIn('alice', 'Laptop');
    const laptopId = (await sessions(laptop)).body.find((s: { current: boolean }) => s.current).id;

    const bobs = await t.http().delete(`/api/users/@me/sessions/${laptopId}`).set('Authorization', bob.token);
    expect({ status: bobs.status, body: bobs.body }).toEqual({ status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') });
    expect((await t.http().delete(`/api/users/@me/sessions/${laptopId}`).set('Authorization', alice.token)).status).toBe(204);
    expect((await me(laptop)).status).toBe(401);
    expect((await me(alice.token)).status).toBe(200);
    expect((await t.http().delete(`/api/users/@me/sessions/${laptopId}`).set('Authorization', alice.token)).status).toBe(404);
    expect((await t.http().delete('/api/users/@me/sessions/not-an-id').set('Authorization', alice.token)).status).toBe(404);
    expect((await t.http().delete(`/api/users/@me/sessions/${laptopId}`)).status).toBe(401);
  });

  it('revokes every other session (200 with the count); the current one keeps working', async () => {
    const alice = await t.register('alice');
    const others = [await logIn('alice', 'A'), await logIn('alice', 'B')];

    const res = await t.http().post('/api/users/@me/sessions/revoke-all').set('Authorization', alice.token);

    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { revoked: 2 } });
    for (const token of others) expect((await me(token)).status).toBe(401);
    expect((await sessions(alice.token)).body).toHaveLength(1);
  });

  describe('PATCH /api/users/@me/password', () => {
    const change = (token: string, body: object) => t.http().patch('/api/users/@me/password').set('Authorization', token).send(body);

    it('changes the password (204) and revokes every other session', async () => {
      const alice = await t.register('alice');
      const other = await logIn('alice', 'Other');

      expect((await change(alice.token, { currentPassword: 'correct horse', newPassword: 'battery staple' })).status).toBe(204);

      expect((await me(other)).status).toBe(401);
      expect((await me(alice.token)).status).toBe(200);
      expect((await t.http().post('/api/users/login').send({ username: 'alice', password: 'correct horse' })).status).toBe(401);
      expect((await t.http().post('/api/users/login').send({ username: 'alice', password: 'battery staple' })).status).toBe(200);
    });

    it('answers 400 for a wrong current password or a bad new one, and changes nothing', async () => {
      const alice = await t.register('alice');
      const other = await logIn('alice', 'Other');

      const wrong = await change(alice.token, { currentPassword: 'nope nope', newPassword: 'battery staple' });
      expect(wrong.body).toEqual(problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'currentPassword', message: 'is not your current password' }] }));
      const bad = await change(alice.token, { currentPassword: 'correct horse', newPassword: 'short' });
      expect(bad.body).toEqual(problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'newPassword', message: 'must be 8-128 characters' }] }));
      const common = await change(alice.token, { currentPassword: 'correct horse', newPassword: 'Password' });
      expect(common.body).toEqual(problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'newPassword', message: 'is too common: it is on lists of leaked passwords' }] }));
      const missing = await change(alice.token, {});
      expect(missing.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['currentPassword', 'newPassword']);

      expect((await me(other)).status).toBe(200);
      expect((await t.http().post('/api/users/login').send({ username: 'alice', password: 'correct horse' })).status).toBe(200);
      expect((await change('not-a-token', { currentPassword: 'correct horse', newPassword: 'battery staple' })).status).toBe(401);
    });
  });
});
