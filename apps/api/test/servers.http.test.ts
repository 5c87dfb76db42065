import { buildTestApp, problemBody, type TestApp } from './test-app';

describe('servers, members, channels and invites over HTTP', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });

  describe('POST /api/servers', () => {
    it('returns 201 with the server; the name is trimmed and server-owned fields cannot be set', async () => {
      const alice = await t.register('alice');
      const res = await t
        .http()
        .post('/api/servers')
        .set('Authorization', alice.token)
        .send({ name: '  Book club  ', id: '1', verified: true, ownerId: '2', avatar: 'x', createdAt: 'then' });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 201,
        body: {
          id: expect.stringMatching(/^\d+$/),
          name: 'Book club',
          avatar: null,
          banner: null,
          verified: false,
          defaultChannelId: expect.stringMatching(/^\d+$/),
          ownerId: alice.id,
          createdAt: '2026-05-01T12:00:00.000Z',
        },
      });
      const channels = await t.http().get(`/api/servers/${res.body.id}/channels`).set('Authorization', alice.token);
      expect(channels.body).toEqual([{ id: res.body.defaultChannelId, serverId: res.body.id, name: 'general', createdAt: '2026-05-01T12:00:00.000Z' }]);
    });

    it.each([[''], ['   '], ['x'.repeat(101)], [7], [undefined]])('returns 400 for the name %p', async (name) => {
      const alice = await t.register('alice');
      const res = await t.http().post('/api/servers').set('Authorization', alice.token).send({ name });
      expect(res.body).toEqual(problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'name', message: expect.any(String) }] }));
    });

    it('returns 401 without a token', async () => {
      expect((await t.http().post('/api/servers').send({ name: 'x' })).status).toBe(401);
    });
  });

  describe('GET /api/servers/:serverId', () => {
    it('returns 200 for a member', async () => {
      const { member, server } = await t.aServerWithMember();
      const res = await t.http().get(`/api/servers/${server.id}`).set('Authorization', member.token);
      expect({ status: res.status, id: res.body.id }).toEqual({ status: 200, id: server.id });
    });

    it('returns 403 for a non-member', async () => {
      const { server } = await t.aServerWithMember();
      const outsider = await t.register();
      const res = await t.http().get(`/api/servers/${server.id}`).set('Authorization', outsider.token);
      expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: problemBody(403, 'Forbidden', 'FORBIDDEN') });
    });

    it.each([['999999999999'], ['abc'], ['99999999999999999999999']])('returns 404 for the id %s', async (id) => {
      const alice = await t.register();
      const res = await t.http().get(`/api/servers/${id}`).set('Authorization', alice.token);
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') });
    });
  });

  describe('GET /api/servers/:serverId/members', () => {
    it('lists members in join order with their user', async () => {
      const { owner, member, server } = await t.aServerWithMember();
      const res = await t.http().get(`/api/servers/${server.id}/members`).set('Authorization', member.token);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 200,
        body: [owner, member].map((u) => ({ userId: u.id, serverId: server.id, joinedAt: expect.any(String), user: { id: u.id, username: u.username } })),
      });
    });

    it('pages with limit and after', async () => {
      const { owner, member, server } = await t.aServerWithMember();
      const first = await t.http().get(`/api/servers/${server.id}/members?limit=1`).set('Authorization', owner.token);
      const second = await t.http().get(`/api/servers/${server.id}/members?limit=1&after=${owner.id}`).set('Authorization', owner.token);
      expect([first.body.map((m: { userId: string }) => m.userId), second.body.map((m: { userId: string }) => m.userId)]).toEqual([[owner.id], [member.id]]);
    });

    it.each([['limit=0'], ['limit=1001'], ['limit=abc'], ['after=xyz']])('returns 400 for %s', async (query) => {
      const { owner, server } = await t.aServerWithMember();
      const res = await t.http().get(`/api/servers/${server.id}/members?${query}`).set('Authorization', owner.token);
      expect(res.body).toEqual(problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [expect.objectContaining({ path: query.split('=')[0] })] }));
    });

    it('returns 400 when after names no member', async () => {
      const { owner, server } = await t.aServerWithMember();
      const res = await t.http().get(`/api/servers/${server.id}/members?after=123456`).set('Authorization', owner.token);
      expect(res.body.errors).toEqual([{ path: 'after', message: 'must be the user id of a current member' }]);
    });

    it('returns 403 for non-members and 404 for unknown servers', async () => {
      const { server } = await t.aServerWithMember();
      const outsider = await t.register();
      expect((await t.http().get(`/api/servers/${server.id}/members`).set('Authorization', outsider.token)).status).toBe(403);
      expect((await t.http().get('/api/servers/123/members').set('Authorization', outsider.token)).status).toBe(404);
    });
  });

  describe('DELETE /api/servers/:serverId/members/@me', () => {
    it('returns 204 and the member is gone', async () => {
      const { owner, member, server } = await t.aServerWithMember();
      const res = await t.http().delete(`/api/servers/${server.id}/members/@me`).set('Authorization', member.token);
      expect({ status: res.status, body: res.body }).toEqual({ status: 204, body: {} });
      const members = await t.http().get(`/api/servers/${server.id}/members`).set('Authorization', owner.token);
      expect(members.body.map((m: { userId: string }) => m.userId)).toEqual([owner.id]);
      expect((await t.http().get(`/api/servers/${server.id}`).set('Authorization', member.token)).status).toBe(403);
    });

    it('returns 409 OWNER_CANNOT_LEAVE for the owner', async () => {
      const { owner, server } = await t.aServerWithMember();
      const res = await t.http().delete(`/api/servers/${server.id}/members/@me`).set('Authorization', owner.token);
      expect({ status: res.status, body: res.body }).toEqual({ status: 409, body: problemBody(409, 'Conflict', 'OWNER_CANNOT_LEAVE') });
    });

    it('returns 404 for a non-member and for an unknown server', async () => {
      const { server } = await t.aServerWithMember();
      const outsider = await t.register();
      const res = await t.http().delete(`/api/servers/${server.id}/members/@me`).set('Authorization', outsider.token);
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') });
      expect((await t.http().delete('/api/servers/42/members/@me').set('Authorization', outsider.token)).status).toBe(404);
    });
  });

  describe('PATCH /api/servers/:serverId', () => {
    it('lets the owner rename the server and set or clear its pictures', async () => {
      const { owner, member, server } = await t.aServerWithMember();
      const patch = (body: object) => t.http().patch(`/api/servers/${server.id}`).set('Authorization', owner.token).send(body);

      const renamed = await patch({ name: ' Book club ', avatar: 'https://cdn.example.com/a.png' });
      expect({ status: renamed.status, body: renamed.body }).toEqual({
        status: 200,
        body: expect.objectContaining({ id: server.id, name: 'Book club', avatar: 'https://cdn.example.com/a.png', banner: null }),
      });
      expect((await patch({ avatar: null })).body).toEqual({ ...renamed.body, avatar: null });
      expect((await t.http().get(`/api/servers/${server.id}`).set('Authorization', member.token)).body).toEqual({ ...renamed.body, avatar: null });
    });

    it('answers 400 for bad fields or none, 403 to a member, 404 for an unknown server, 401 without a token', async () => {
      const { owner, member, server } = await t.aServerWithMember();
      const patch = (who: { token: string } | null, body: object, serverId = server.id) => {
        const req = t.http().patch(`/api/servers/${serverId}`).send(body);
        return who ? req.set('Authorization', who.token) : req;
      };
      const bad = await patch(owner, { name: '', avatar: 'http://cdn.example.com/a.png', banner: 42 });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['avatar', 'banner', 'name']);
      expect((await patch(owner, {})).status).toBe(400);
      expect((await patch(member, { name: 'Mine' })).status).toBe(403);
      expect((await patch(owner, { name: 'x' }, '999999')).status).toBe(404);
      expect((await patch(null, { name: 'x' })).status).toBe(401);
      expect((await t.http().get(`/api/servers/${server.id}`).set('Authorization', owner.token)).body.name).toBe('Test server');
    });
  });

  describe('DELETE /api/servers/:serverId/members/:userId (kick)', () => {
    it('lets the owner remove a member (204), who loses access and may rejoin with an invite', async () => {
      const { owner, member, server } = await t.aServerWithMember();
      const res = await t.http().delete(`/api/servers/${server.id}/members/${member.id}`).set('Authorization', owner.token);
      expect({ status: res.status, body: res.body }).toEqual({ status: 204, body: {} });
      expect((await t.http().get(`/api/servers/${server.id}`).set('Authorization', member.token)).status).toBe(403);
      await t.join(member, server.id, owner);
      expect((await t.http().get(`/api/servers/${server.id}`).set('Authorization', member.token)).status).toBe(200);
    });

    it('answers 403 to a member, 409 for the owner themself, 404 for a non-member or unknown server, 401 without a token', async () => {
      const { owner, member, server } = await t.aServerWithMember();
      const outsider = await t.register();
      const kick = (who: { token: string } | null, userId: string, serverId = server.id) => {
        const req = t.http().delete(`/api/servers/${serverId}/members/${userId}`);
        return who ? req.set('Authorization', who.token) : req;
      };
      const answers = [
        await kick(member, owner.id),
        await kick(owner, owner.id),
        await kick(owner, outsider.id),
        await kick(owner, 'not-an-id'),
        await kick(owner, member.id, '999999'),
        await kick(null, member.id),
      ].map((res) => [res.status, res.body.code]);
      expect(answers).toEqual([
        [403, 'FORBIDDEN'],
        [409, 'OWNER_CANNOT_LEAVE'],
        [404, 'NOT_FOUND'],
        [404, 'NOT_FOUND'],
        [404, 'NOT_FOUND'],
        [401, 'UNAUTHENTICATED'],
      ]);
      // Nobody was removed by any of these.
      const members = await t.http().get(`/api/servers/${server.id}/members`).set('Authorization', owner.token);
      expect(members.body.map((m: { userId: string }) => m.userId)).toEqual([owner.id, member.id]);
    });

    it('still routes @me to leaving, not to a kick of a user named @me', async () => {
      const { member, server } = await t.aServerWithMember();
      expect((await t.http().delete(`/api/servers/${server.id}/members/@me`).set('Authorization', member.token)).status).toBe(204);
    });
  });

  describe('channels', () => {
    it('lets the owner create a channel and members list it', async () => {
      const { owner, member, server } = await t.aServerWithMember();
      const res = await t.http().post(`/api/servers/${server.id}/channels`).set('Authorization', owner.token).send({ name: ' random ' });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 201,
        body: { id: expect.any(String), serverId: server.id, name: 'random', createdAt: expect.any(String) },
      });
      const list = await t.http().get(`/api/servers/${server.id}/channels`).set('Authorization', member.token);
      expect(list.body.map((c: { name: string }) => c.name)).toEqual(['general', 'random']);
    });

    it('returns 403 when a plain member creates a channel', async () => {
      const { member, server } = await t.aServerWithMember();
      const res = await t.http().post(`/api/servers/${server.id}/channels`).set('Authorization', member.token).send({ name: 'mine' });
      expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: problemBody(403, 'Forbidden', 'FORBIDDEN') });
    });

    it('returns 400 for a bad channel name, 403 and 404 for listing', async () => {
      const { owner, server } = await t.aServerWithMember();
      const outsider = await t.register();
      expect((await t.http().post(`/api/servers/${server.id}/channels`).set('Authorization', owner.token).send({ name: '' })).status).toBe(400);
      expect((await t.http().get(`/api/servers/${server.id}/channels`).set('Authorization', outsider.token)).status).toBe(403);
      expect((await t.http().get('/api/servers/1/channels').set('Authorization', outsider.token)).status).toBe(404);
    });
  });

  describe('invites', () => {
    it('creates an invite that joins a user, and joining twice is harmless', async () => {
      const alice = await t.register('alice');
      const bob = await t.register('bob');
      const server = await t.createServer(alice);
      const invite = await t.http().post(`/api/servers/${server.id}/invites`).set('Authorization', alice.token);
      expect({ status: invite.status, body: invite.body }).toEqual({
        status: 201,
        body: { code: expect.any(String), serverId: server.id, createdAt: expect.any(String) },
      });
      const first = await t.http().post(`/api/invites/${invite.body.code}`).set('Authorization', bob.token);
      const second = await t.http().post(`/api/invites/${invite.body.code}`).set('Authorization', bob.token);
      expect([first.status, second.status, first.body.id]).toEqual([200, 200, server.id]);
      const members = await t.http().get(`/api/servers/${server.id}/members`).set('Authorization', bob.token);
      expect(members.body).toHaveLength(2);
    });

    it('returns 404 for an unknown code and 403 when an outsider makes an invite', async () => {
      const { server } = await t.aServerWithMember();
      const outsider = await t.register();
      const res = await t.http().post('/api/invites/nope').set('Authorization', outsider.token);
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') });
      expect((await t.http().post(`/api/servers/${server.id}/invites`).set('Authorization', outsider.token)).status).toBe(403);
    });
  });
});
