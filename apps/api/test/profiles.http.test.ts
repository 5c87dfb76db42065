import { rateLimitOf } from '../src/http/route';
import { profileRoutes } from '../src/routes/profile-routes';
import { buildTestApp, problemBody, type TestApp, type TestUser } from './test-app';

describe('your account and profiles over HTTP', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });

  const getMe = (user: TestUser) => t.http().get('/api/users/@me').set('Authorization', user.token);
  const patchMe = (user: TestUser, body: unknown) => t.http().patch('/api/users/@me').set('Authorization', user.token).send(body as object);
  const getUser = (viewer: TestUser, id: string) => t.http().get(`/api/users/${id}`).set('Authorization', viewer.token);
  const invalid = (errors: unknown[]) => ({ status: 400, body: problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors }) });

  describe('GET /api/users/@me', () => {
    it('returns 200 with the whole account', async () => {
      const alice = await t.register('alice');
      const res = await getMe(alice);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 200,
        body: { id: alice.id, username: 'alice', displayName: null, avatar: null, email: 'alice@example.com', createdAt: '2026-05-01T12:00:00.000Z', bot: false },
      });
    });

    it('returns 401 without a token', async () => {
      const res = await t.http().get('/api/users/@me');
      expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: problemBody(401, 'Unauthorized', 'UNAUTHENTICATED') });
    });
  });

  describe('PATCH /api/users/@me', () => {
    it('returns 200 with the account as it is now; the display name is trimmed', async () => {
      const alice = await t.register('alice');
      const res = await patchMe(alice, { username: 'alice.b', displayName: '  Alice B.  ', avatar: 'https://cdn.example.com/alice.png' });
      const account = { id: alice.id, username: 'alice.b', displayName: 'Alice B.', avatar: 'https://cdn.example.com/alice.png', email: 'alice@example.com', createdAt: '2026-05-01T12:00:00.000Z', bot: false };
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: account });
      expect((await getMe(alice)).body).toEqual(account);
      // Null clears; what is left out stays.
      expect((await patchMe(alice, { avatar: null })).body).toEqual({ ...account, avatar: null });
    });

    it('shows the new face on messages and in the member list', async () => {
      const { owner, member, server, channelId } = await t.aServerWithMember();
      await t.send(member, channelId, 'hello');
      await patchMe(member, { displayName: 'Bea', avatar: 'https://cdn.example.com/bea.png' });
      const face = { id: member.id, username: member.username, displayName: 'Bea', avatar: 'https://cdn.example.com/bea.png' };

      const messages = await t.http().get(`/api/channels/${channelId}/messages`).set('Authorization', owner.token);
      expect(messages.body.map((m: { author: unknown }) => m.author)).toEqual([face]);
      const members = await t.http().get(`/api/servers/${server.id}/members`).set('Authorization', owner.token);
      expect(members.body.find((m: { userId: string }) => m.userId === member.id).user).toEqual(face);
      const sent = await t.http().post(`/api/channels/${channelId}/messages`).set('Authorization', member.token).send({ content: 'again' });
      expect(sent.body.author).toEqual(face);
    });

    it('returns 409 CONFLICT when another user has the username, in any case', async () => {
      await t.register('taken');
      const alice = await t.register('alice');
      const res = await patchMe(alice, { username: 'TAKEN' });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 409,
        body: problemBody(409, 'Conflict', 'CONFLICT', { detail: 'That username is already in use.', errors: [{ path: 'username', message: 'is already in use' }] }),
      });
      expect((await getMe(alice)).body.username).toBe('alice');
    });

    it.each([
      [{ displayName: '' }, 'displayName'],
      [{ displayName: '   ' }, 'displayName'],
      [{ displayName: 'x'.repeat(33) }, 'displayName'],
      [{ displayName: '\u202eevil' }, 'displayName'],
      [{ displayName: 7 }, 'displayName'],
      [{ avatar: 'http://cdn.example.com/a.png' }, 'avatar'],
      [{ avatar: 'javascript:alert(1)' }, 'avatar'],
      [{ avatar: `https://cdn.example.com/${'a'.repeat(2048)}` }, 'avatar'],
      [{ avatar: false }, 'avatar'],
      [{ username: 'a' }, 'username'],
      [{ username: 'has space' }, 'username'],
      [{ username: null }, 'username'],
    ])('returns 400 for %p', async (body, path) => {
      const alice = await t.register('alice');
      const res = await patchMe(alice, body);
      expect({ status: res.status, body: res.body }).toEqual(invalid([{ path, message: expect.any(String) }]));
      expect((await getMe(alice)).body).toEqual(expect.objectContaining({ username: 'alice', displayName: null, avatar: null }));
    });

    it('returns 400 for unknown fields, even beside a good one, and changes nothing', async () => {
      const alice = await t.register('alice');
      const res = await patchMe(alice, { displayName: 'Fine', email: 'new@example.com', bot: true });
      expect({ status: res.status, body: res.body }).toEqual(invalid([{ path: '', message: 'has fields that cannot be changed here: email, bot' }]));
      expect((await getMe(alice)).body.displayName).toBeNull();
    });

    it('returns 400 for an empty body and for one that is not an object', async () => {
      const alice = await t.register('alice');
      expect(await patchMe(alice, {}).then((res) => ({ status: res.status, body: res.body }))).toEqual(
        invalid([{ path: '', message: 'must change at least one of username, displayName, avatar' }]),
      );
      const array = await t.http().patch('/api/users/@me').set('Authorization', alice.token).set('Content-Type', 'application/json').send('[]');
      expect(array.status).toBe(400);
      expect(array.body.code).toBe('VALIDATION_FAILED');
    });

    it('counts against the per-user write limit', () => {
      const patch = profileRoutes.find((spec) => spec.method === 'patch');
      expect(patch && rateLimitOf(patch)).toBe('writes');
    });
  });

  describe('GET /api/users/:userId', () => {
    it('returns 200 with the profile to someone who shares a server, and to oneself', async () => {
      const { owner, member } = await t.aServerWithMember();
      await patchMe(member, { displayName: 'Bea' });
      const profile = { id: member.id, username: member.username, displayName: 'Bea', avatar: null, bot: false };
      for (const viewer of [owner, member]) {
        const res = await getUser(viewer, member.id);
        expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: profile });
      }
    });

    it('returns the same 404 to a stranger as for an id no user has, or one that is not an id', async () => {
      const { member } = await t.aServerWithMember();
      const stranger = await t.register('stranger');
      const answers = await Promise.all([getUser(stranger, member.id), getUser(stranger, '4242424242'), getUser(stranger, 'not-an-id')]);
      const expected = { status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND', { detail: 'No such user.' }) };
      for (const res of answers) expect({ status: res.status, body: res.body }).toEqual(expected);
      // Byte for byte but the request id.
      const [a, b] = answers.map((res) => ({ ...res.body, requestId: undefined }));
      expect(a).toEqual(b);
    });
  });
});
