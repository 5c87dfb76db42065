import { PERMISSIONS } from '@chat/domain';
import { buildTestApp, problemBody, type TestApp } from './test-app';

/** The owner kicking or banning themself is refused for a removal, not a leave; the code stays the documented one. */
const OWNER_CANNOT_BE_REMOVED = 'The owner cannot be removed from their own server; transfer it first.';

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
          membersCanInvite: false,
        },
      });
      const channels = await t.http().get(`/api/servers/${res.body.id}/channels`).set('Authorization', alice.token);
      expect(channels.body).toEqual([
        {
          id: res.body.defaultChannelId,
          serverId: res.body.id,
          name: 'general',
          topic: null,
          position: 0,
          permissionOverwrites: [],
          createdAt: '2026-05-01T12:00:00.000Z',
          permissions: [...PERMISSIONS],
        },
      ]);
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
        body: [owner, member].map((u) => ({ userId: u.id, serverId: server.id, joinedAt: expect.any(String), user: { id: u.id, username: u.username, displayName: null, avatar: null }, roleIds: [] })),
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
      expect({ status: res.status, body: res.body }).toEqual({
        status: 409,
        body: problemBody(409, 'Conflict', 'OWNER_CANNOT_LEAVE', { detail: 'The owner cannot leave their own server.' }),
      });
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

    it('tells the owner who kicks themself that the owner cannot be removed, under the same code as a leave', async () => {
      const { owner, server } = await t.aServerWithMember();
      const res = await t.http().delete(`/api/servers/${server.id}/members/${owner.id}`).set('Authorization', owner.token);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 409,
        body: problemBody(409, 'Conflict', 'OWNER_CANNOT_LEAVE', { detail: OWNER_CANNOT_BE_REMOVED }),
      });
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
        body: { id: expect.any(String), serverId: server.id, name: 'random', topic: null, position: 1, permissionOverwrites: [], createdAt: expect.any(String) },
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
        body: {
          code: expect.any(String),
          serverId: server.id,
          creatorId: alice.id,
          createdAt: '2026-05-01T12:00:00.000Z',
          expiresAt: '2026-05-08T12:00:00.000Z',
          maxUses: null,
          uses: 0,
        },
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

  describe('invite controls', () => {
    const invite = (user: { token: string }, serverId: string, body?: object) => {
      const req = t.http().post(`/api/servers/${serverId}/invites`).set('Authorization', user.token);
      return body === undefined ? req : req.send(body);
    };
    const join = (user: { token: string }, code: string) => t.http().post(`/api/invites/${code}`).set('Authorization', user.token);

    it('takes maxUses and expiresInSeconds; a used-up invite is a 404 like an unknown one', async () => {
      const { owner, server } = await t.aServerWithMember();
      const res = await invite(owner, server.id, { maxUses: 1, expiresInSeconds: 3600 });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ maxUses: 1, uses: 0, expiresAt: '2026-05-01T13:00:00.000Z' });
      const never = await invite(owner, server.id, { expiresInSeconds: null });
      expect(never.body.expiresAt).toBeNull();

      expect((await join(await t.register(), res.body.code)).status).toBe(200);
      const late = await join(await t.register(), res.body.code);
      expect({ status: late.status, body: late.body }).toEqual({ status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') });
    });

    it.each([
      [{ maxUses: 0 }, 'maxUses'],
      [{ maxUses: '5' }, 'maxUses'],
      [{ expiresInSeconds: 10 }, 'expiresInSeconds'],
      [{ expiresInSeconds: 2.5 }, 'expiresInSeconds'],
    ])('answers 400 for %j and makes no invite', async (body, path) => {
      const { owner, server } = await t.aServerWithMember();
      const before = (await t.http().get(`/api/servers/${server.id}/invites`).set('Authorization', owner.token)).body;
      const res = await invite(owner, server.id, body);
      expect(res.body).toEqual(problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path, message: expect.stringMatching(/^must be an integer/) }] }));
      expect((await t.http().get(`/api/servers/${server.id}/invites`).set('Authorization', owner.token)).body).toEqual(before);
    });

    it('is owner-only until PATCH opens it with membersCanInvite; the list shows the owner all and a member their own', async () => {
      const { owner, member, server } = await t.aServerWithMember();
      const refused = await invite(member, server.id);
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: problemBody(403, 'Forbidden', 'FORBIDDEN') });

      const patched = await t.http().patch(`/api/servers/${server.id}`).set('Authorization', owner.token).send({ membersCanInvite: true });
      expect([patched.status, patched.body.membersCanInvite]).toEqual([200, true]);
      const mine = await invite(member, server.id);
      expect(mine.status).toBe(201);

      const all = await t.http().get(`/api/servers/${server.id}/invites`).set('Authorization', owner.token);
      const own = await t.http().get(`/api/servers/${server.id}/invites`).set('Authorization', member.token);
      expect(all.status).toBe(200);
      expect(all.body.map((i: { creatorId: string }) => i.creatorId)).toEqual([owner.id, member.id]);
      expect(own.body.map((i: { code: string }) => i.code)).toEqual([mine.body.code]);
      const bad = await t.http().patch(`/api/servers/${server.id}`).set('Authorization', owner.token).send({ membersCanInvite: 'yes' });
      expect(bad.body).toEqual(problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'membersCanInvite', message: 'must be a boolean' }] }));
    });

    it('revokes: the creator or the owner (204), anyone else 403, an outsider 404; the code then joins nobody', async () => {
      const { owner, member, server } = await t.aServerWithMember();
      const code = (await invite(owner, server.id)).body.code;
      const outsider = await t.register();

      expect((await t.http().delete(`/api/invites/${code}`).set('Authorization', member.token)).status).toBe(403);
      expect((await t.http().delete(`/api/invites/${code}`).set('Authorization', outsider.token)).status).toBe(404);
      expect((await t.http().delete(`/api/invites/${code}`)).status).toBe(401);
      expect((await t.http().delete(`/api/invites/${code}`).set('Authorization', owner.token)).status).toBe(204);
      expect((await join(outsider, code)).status).toBe(404);
      expect((await t.http().delete(`/api/invites/${code}`).set('Authorization', owner.token)).status).toBe(404);
    });
  });

  describe('GET /api/invites/:code (preview)', () => {
    const preview = (code: string, token?: string) => {
      const req = t.http().get(`/api/invites/${code}`);
      return token === undefined ? req : req.set('Authorization', token);
    };

    it('shows a live invite to anyone, signed in or not: the server with its member count, and the expiry; nobody joins', async () => {
      const { owner, server } = await t.aServerWithMember();
      const code = (await t.http().post(`/api/servers/${server.id}/invites`).set('Authorization', owner.token).send({ expiresInSeconds: 3600 })).body.code;
      const body = { code, server: { id: server.id, name: 'Test server', avatar: null, memberCount: 2 }, expiresAt: '2026-05-01T13:00:00.000Z' };
      const outsider = await t.register();

      for (const res of [await preview(code), await preview(code, outsider.token), await preview(code, `Bearer ${outsider.token}`)]) {
        expect({ status: res.status, body: res.body }).toEqual({ status: 200, body });
      }
      expect((await t.http().get(`/api/servers/${server.id}`).set('Authorization', outsider.token)).status).toBe(403);
    });

    it('answers 404 for an unknown, malformed, used-up or revoked code, and for a caller the server banned', async () => {
      const { owner, member, server } = await t.aServerWithMember();
      const make = async (body: object) => (await t.http().post(`/api/servers/${server.id}/invites`).set('Authorization', owner.token).send(body)).body.code as string;
      const once = await make({ maxUses: 1 });
      const revoked = await make({});
      const live = await make({});
      expect((await t.http().post(`/api/invites/${once}`).set('Authorization', (await t.register()).token)).status).toBe(200);
      expect((await t.http().delete(`/api/invites/${revoked}`).set('Authorization', owner.token)).status).toBe(204);
      expect((await t.http().put(`/api/servers/${server.id}/bans/${member.id}`).set('Authorization', owner.token)).status).toBe(204);

      for (const [code, token] of [['nope', undefined], ['not%20a%20code', undefined], [once, undefined], [revoked, undefined], [live, member.token]] as const) {
        const res = await preview(code, token);
        expect({ code, status: res.status, body: res.body }).toEqual({ code, status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') });
      }
    });

    it('answers 401 to a token that is sent but bad, rather than ignoring it', async () => {
      const { owner, server } = await t.aServerWithMember();
      const code = (await t.http().post(`/api/servers/${server.id}/invites`).set('Authorization', owner.token)).body.code;
      const res = await preview(code, 'not-a-token');
      expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: problemBody(401, 'Unauthorized', 'UNAUTHENTICATED') });
    });
  });

  describe('bans', () => {
    it('bans a member (204): they are removed, listed with the reason, refused by every invite (404), until unbanned', async () => {
      const { owner, member, server } = await t.aServerWithMember();
      const code = (await t.http().post(`/api/servers/${server.id}/invites`).set('Authorization', owner.token)).body.code;

      const ban = await t.http().put(`/api/servers/${server.id}/bans/${member.id}`).set('Authorization', owner.token).send({ reason: 'spam' });
      expect(ban.status).toBe(204);
      expect((await t.http().get(`/api/servers/${server.id}`).set('Authorization', member.token)).status).toBe(403);
      const list = await t.http().get(`/api/servers/${server.id}/bans`).set('Authorization', owner.token);
      expect(list.body).toEqual([{ user: { id: member.id, username: member.username }, reason: 'spam', createdAt: '2026-05-01T12:00:00.000Z' }]);
      expect((await t.http().post(`/api/invites/${code}`).set('Authorization', member.token)).status).toBe(404);

      expect((await t.http().delete(`/api/servers/${server.id}/bans/${member.id}`).set('Authorization', owner.token)).status).toBe(204);
      expect((await t.http().post(`/api/invites/${code}`).set('Authorization', member.token)).status).toBe(200);
      expect((await t.http().delete(`/api/servers/${server.id}/bans/${member.id}`).set('Authorization', owner.token)).status).toBe(404);
    });

    it('takes no body at all, and refuses a reason that is not a string or too long', async () => {
      const { owner, member, server } = await t.aServerWithMember();
      const bad = await t.http().put(`/api/servers/${server.id}/bans/${member.id}`).set('Authorization', owner.token).send({ reason: 5 });
      expect(bad.body).toEqual(problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'reason', message: 'must be a string or null' }] }));
      const long = await t.http().put(`/api/servers/${server.id}/bans/${member.id}`).set('Authorization', owner.token).send({ reason: 'x'.repeat(513) });
      expect(long.status).toBe(400);
      expect((await t.http().get(`/api/servers/${server.id}`).set('Authorization', member.token)).status).toBe(200);
      expect((await t.http().put(`/api/servers/${server.id}/bans/${member.id}`).set('Authorization', owner.token)).status).toBe(204);
    });

    it('answers 403 to anyone but the owner, 409 for the owner themself, 404 for an unknown user or server', async () => {
      const { owner, member, server } = await t.aServerWithMember();
      const outsider = await t.register();
      expect((await t.http().put(`/api/servers/${server.id}/bans/${outsider.id}`).set('Authorization', member.token)).status).toBe(403);
      expect((await t.http().get(`/api/servers/${server.id}/bans`).set('Authorization', member.token)).status).toBe(403);
      expect((await t.http().delete(`/api/servers/${server.id}/bans/${outsider.id}`).set('Authorization', member.token)).status).toBe(403);
      const self = await t.http().put(`/api/servers/${server.id}/bans/${owner.id}`).set('Authorization', owner.token);
      expect({ status: self.status, body: self.body }).toEqual({
        status: 409,
        body: problemBody(409, 'Conflict', 'OWNER_CANNOT_LEAVE', { detail: OWNER_CANNOT_BE_REMOVED }),
      });
      expect((await t.http().put(`/api/servers/${server.id}/bans/42`).set('Authorization', owner.token)).status).toBe(404);
      expect((await t.http().put(`/api/servers/42/bans/${member.id}`).set('Authorization', owner.token)).status).toBe(404);
      expect((await t.http().put(`/api/servers/${server.id}/bans/${member.id}`)).status).toBe(401);
    });

    it('does not turn a stranger\'s id into their name: a ban of someone never seen lists the id alone', async () => {
      const { owner, server } = await t.aServerWithMember();
      const stranger = await t.register('stranger');
      const neighbour = await t.register('neighbour');
      const elsewhere = await t.createServer(neighbour, 'Elsewhere');
      await t.join(owner, elsewhere.id, neighbour);

      for (const user of [stranger, neighbour]) expect((await t.http().put(`/api/servers/${server.id}/bans/${user.id}`).set('Authorization', owner.token)).status).toBe(204);
      const list = await t.http().get(`/api/servers/${server.id}/bans`).set('Authorization', owner.token);
      expect(list.body).toEqual([
        { user: { id: stranger.id, username: null }, reason: null, createdAt: '2026-05-01T12:00:00.000Z' },
        { user: { id: neighbour.id, username: 'neighbour' }, reason: null, createdAt: '2026-05-01T12:00:00.000Z' },
      ]);
      expect(list.text).not.toContain('stranger');
    });

    it('lists bans a page at a time: limit, and after the user id of the last ban of the previous page', async () => {
      const { owner, server } = await t.aServerWithMember();
      const banned = [await t.register(), await t.register(), await t.register()];
      for (const user of banned) await t.http().put(`/api/servers/${server.id}/bans/${user.id}`).set('Authorization', owner.token);
      const page = (query: string) => t.http().get(`/api/servers/${server.id}/bans?${query}`).set('Authorization', owner.token);

      const first = await page('limit=2');
      const rest = await page(`limit=2&after=${banned[1]?.id}`);
      expect([...first.body, ...rest.body].map((ban: { user: { id: string } }) => ban.user.id)).toEqual(banned.map((user) => user.id));
      const badLimit = await page('limit=1001');
      const notBanned = await page(`after=${owner.id}`);
      expect(badLimit.body.errors).toEqual([{ path: 'limit', message: 'must be an integer 1-1000' }]);
      expect(notBanned.body.errors).toEqual([{ path: 'after', message: 'must be the user id of a banned user' }]);
    });
  });

  describe('deleting and handing over a server', () => {
    it('deletes the server with its channels and messages (204); then everything of it is 404', async () => {
      const { owner, member, server, channelId } = await t.aServerWithMember();
      await t.send(member, channelId, 'hello');
      expect((await t.http().delete(`/api/servers/${server.id}`).set('Authorization', member.token)).status).toBe(403);

      expect((await t.http().delete(`/api/servers/${server.id}`).set('Authorization', owner.token)).status).toBe(204);
      expect((await t.http().get(`/api/servers/${server.id}`).set('Authorization', owner.token)).status).toBe(404);
      expect((await t.http().get(`/api/channels/${channelId}/messages`).set('Authorization', member.token)).status).toBe(404);
      expect((await t.http().get('/api/users/@me/servers').set('Authorization', member.token)).body).toEqual([]);
      expect((await t.http().delete(`/api/servers/${server.id}`).set('Authorization', owner.token)).status).toBe(404);
    });

    it('transfers to a member (200): the new owner may then kick the old one', async () => {
      const { owner, member, server } = await t.aServerWithMember();
      const res = await t.http().post(`/api/servers/${server.id}/transfer`).set('Authorization', owner.token).send({ userId: member.id });
      expect([res.status, res.body.ownerId]).toEqual([200, member.id]);
      expect((await t.http().delete(`/api/servers/${server.id}/members/${member.id}`).set('Authorization', owner.token)).status).toBe(403);
      expect((await t.http().delete(`/api/servers/${server.id}/members/${owner.id}`).set('Authorization', member.token)).status).toBe(204);
    });

    it('refuses a transfer to an outsider (404), to the owner (400), a bad body (400), and by a member (403)', async () => {
      const { owner, member, server } = await t.aServerWithMember();
      const outsider = await t.register();
      const transfer = (user: { token: string }, body: object) => t.http().post(`/api/servers/${server.id}/transfer`).set('Authorization', user.token).send(body);
      expect((await transfer(owner, { userId: outsider.id })).status).toBe(404);
      expect((await transfer(owner, { userId: owner.id })).body).toEqual(
        problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'userId', message: 'is already the owner' }] }),
      );
      expect((await transfer(owner, {})).body).toEqual(problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'userId', message: expect.any(String) }] }));
      expect((await transfer(member, { userId: member.id })).status).toBe(403);
      expect((await t.http().get(`/api/servers/${server.id}`).set('Authorization', owner.token)).body.ownerId).toBe(owner.id);
    });
  });

  describe('paging the lists of servers, channels and applications', () => {
    it('pages each by limit and after, and answers 400 to a bad limit or after', async () => {
      const alice = await t.register('alice');
      const servers = [await t.createServer(alice, 'A'), await t.createServer(alice, 'B')];
      const get = (path: string) => t.http().get(path).set('Authorization', alice.token);

      const page = await get('/api/users/@me/servers?limit=1');
      const next = await get(`/api/users/@me/servers?limit=1&after=${page.body[0].id}`);
      expect([...page.body, ...next.body].map((s: { id: string }) => s.id)).toEqual(servers.map((s) => s.id));
      await t.http().post(`/api/servers/${servers[0]!.id}/channels`).set('Authorization', alice.token).send({ name: 'second' });
      expect((await get(`/api/servers/${servers[0]!.id}/channels?limit=1`)).body.map((c: { name: string }) => c.name)).toEqual(['general']);
      await t.http().post('/api/applications').set('Authorization', alice.token).send({ name: 'Bot' });
      expect((await get('/api/applications?limit=1')).body).toHaveLength(1);

      for (const path of ['/api/users/@me/servers?limit=0', '/api/users/@me/servers?limit=201', `/api/servers/${servers[0]!.id}/channels?after=abc`, '/api/applications?limit=101']) {
        const res = await get(path);
        expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 400, code: 'VALIDATION_FAILED' });
      }
    });
  });

  describe('quotas', () => {
    it('answers 403 QUOTA_EXCEEDED past a quota, saying which, and creates nothing', async () => {
      const q = await buildTestApp({ quotas: { serversOwned: 1, channelsPerServer: 1, invitesPerServer: 1, applications: 1, bansPerServer: 1, rolesPerServer: 1, conversationsPerDay: 5, blocks: 1, uploadBytesPerDay: 1 } });
      const alice = await q.register('alice');
      const server = await q.createServer(alice);
      const post = (path: string, body: object = {}) => q.http().post(path).set('Authorization', alice.token).send(body);

      const refusals = [
        await post('/api/servers', { name: 'Second' }),
        await post(`/api/servers/${server.id}/channels`, { name: 'second' }),
        (await post(`/api/servers/${server.id}/invites`)) && (await post(`/api/servers/${server.id}/invites`)),
        (await post('/api/applications', { name: 'One' })) && (await post('/api/applications', { name: 'Two' })),
        (await q.http().put(`/api/servers/${server.id}/bans/${(await q.register('bob')).id}`).set('Authorization', alice.token)) &&
          (await q.http().put(`/api/servers/${server.id}/bans/${(await q.register('carol')).id}`).set('Authorization', alice.token)),
      ];

      for (const res of refusals) expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: problemBody(403, 'Forbidden', 'QUOTA_EXCEEDED') });
      expect(refusals.map((res) => res.body.detail)).toEqual([
        'That would be more servers than one user may own (at most 1).',
        'This server has as many channels as a server may (at most 1).',
        'This server has as many live invites as a server may (at most 1).',
        'You own as many applications as one user may (at most 1).',
        'This server bans as many users as a server may (at most 1).',
      ]);
      expect((await q.http().get('/api/users/@me/servers').set('Authorization', alice.token)).body).toHaveLength(1);
    });
  });
});
