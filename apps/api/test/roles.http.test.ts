import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { PERMISSIONS } from '@chat/domain';
import { loadConfig } from '../src/config';
import { openStorage, type Storage } from '../src/storage/storage';
import { buildTestApp, problemBody, type TestApp, type TestUser } from './test-app';

const EVERYONE = ['VIEW_CHANNEL', 'SEND_MESSAGES', 'ADD_REACTIONS', 'ATTACH_FILES'];
const forbidden = problemBody(403, 'Forbidden', 'FORBIDDEN');
const notFound = problemBody(404, 'Not Found', 'NOT_FOUND');
const invalid = (path: string) => problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path, message: expect.any(String) }] });

/** The roles API over HTTP, on the in-memory stores and on PGlite (the same routes, the same answers). */
describe.each([['memory'], ['PGlite']])('roles over HTTP (%s)', (engine) => {
  let t: TestApp;
  let storage: Storage | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    if (engine === 'memory') return;
    dataDir = await mkdtemp(join(tmpdir(), 'roles-http-'));
    storage = await openStorage(loadConfig({ DATA_DIR: dataDir, SCRYPT_COST: '1024' }), pino({ level: 'silent' }), { onLeaseLost: () => undefined });
    // One app over the one database: its users' names go on counting from test to test.
    t = await buildTestApp({ stores: storage.stores, unitOfWork: storage.unitOfWork, history: storage.history, ids: storage.ids });
  }, 60_000);
  afterAll(async () => {
    await storage?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    if (!storage) t = await buildTestApp();
  });

  const as = (user: TestUser) => ({
    get: (path: string) => t.http().get(path).set('Authorization', user.token),
    post: (path: string, body: object) => t.http().post(path).set('Authorization', user.token).send(body),
    patch: (path: string, body: object) => t.http().patch(path).set('Authorization', user.token).send(body),
    put: (path: string) => t.http().put(path).set('Authorization', user.token),
    delete: (path: string) => t.http().delete(path).set('Authorization', user.token),
  });

  /** Owner, a moderator (`mod`: MANAGE_ROLES) above `low` (KICK_MEMBERS), and a plain member. */
  async function aServerWithModerator() {
    const { owner, member: moderator, server } = await t.aServerWithMember();
    const plain = await t.register();
    await t.join(plain, server.id, owner);
    const low = (await as(owner).post(`/api/servers/${server.id}/roles`, { name: 'low', permissions: ['KICK_MEMBERS'] })).body;
    const mod = (await as(owner).post(`/api/servers/${server.id}/roles`, { name: 'mod', permissions: ['MANAGE_ROLES'] })).body;
    expect((await as(owner).put(`/api/servers/${server.id}/members/${moderator.id}/roles/${mod.id}`)).status).toBe(204);
    return { owner, moderator, plain, server, low, mod, roles: `/api/servers/${server.id}/roles`, memberRoles: (userId: string, roleId: string) => `/api/servers/${server.id}/members/${userId}/roles/${roleId}` };
  }

  describe('GET /api/servers/:id/roles', () => {
    it('lists every role, @everyone first, to any member; 403 to others, 404 for an unknown server', async () => {
      const { plain, server, low, mod, roles } = await aServerWithModerator();
      const res = await as(plain).get(roles);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 200,
        body: [
          { id: server.id, serverId: server.id, name: '@everyone', color: null, position: 0, permissions: EVERYONE, createdAt: '2026-05-01T12:00:00.000Z' },
          { ...low, position: 1 },
          { ...mod, position: 2 },
        ],
      });
      const outsider = await t.register();
      expect((await as(outsider).get(roles)).body).toEqual(forbidden);
      expect((await as(outsider).get('/api/servers/123/roles')).body).toEqual(notFound);
    });
  });

  describe('POST /api/servers/:id/roles', () => {
    it("answers 201 with the role, placed just under the caller's highest role", async () => {
      const { moderator, roles } = await aServerWithModerator();
      const res = await as(moderator).post(roles, { name: ' helpers ', color: 0x00ff00, permissions: ['MANAGE_ROLES'] });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 201,
        body: { id: expect.stringMatching(/^\d+$/), serverId: expect.any(String), name: 'helpers', color: 0x00ff00, position: 2, permissions: ['MANAGE_ROLES'], createdAt: expect.any(String) },
      });
      expect((await as(moderator).get(roles)).body.map((r: { name: string }) => r.name)).toEqual(['@everyone', 'low', 'helpers', 'mod']);
    });

    it('answers 400 for an unknown permission, too many names, a bad colour or name', async () => {
      const { owner, roles } = await aServerWithModerator();
      expect((await as(owner).post(roles, { name: 'x', permissions: ['VIEW_CHANNEL', 'FLY'] })).body).toEqual(invalid('permissions.1'));
      expect((await as(owner).post(roles, { name: 'x', permissions: Array.from({ length: PERMISSIONS.length * 2 + 1 }, () => 'VIEW_CHANNEL') })).body).toEqual(invalid('permissions'));
      expect((await as(owner).post(roles, { name: 'x', color: 0x1000000 })).body).toEqual(invalid('color'));
      expect((await as(owner).post(roles, { name: '' })).body).toEqual(invalid('name'));
    });

    it('answers 403 without MANAGE_ROLES, and for a permission the caller lacks', async () => {
      const { moderator, plain, roles } = await aServerWithModerator();
      expect((await as(plain).post(roles, { name: 'x' })).body).toEqual(forbidden);
      expect((await as(moderator).post(roles, { name: 'x', permissions: ['BAN_MEMBERS'] })).body).toEqual(forbidden);
    });
  });

  describe('PATCH /api/servers/:id/roles/:roleId', () => {
    it('answers 200 with the role as it is now; a move shifts the roles between', async () => {
      const { owner, low, mod, roles } = await aServerWithModerator();
      const res = await as(owner).patch(`${roles}/${low.id}`, { name: 'lower', position: 2, permissions: [] });
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { ...low, name: 'lower', position: 2, permissions: [] } });
      expect((await as(owner).get(roles)).body.map((r: { id: string; position: number }) => [r.id, r.position]).slice(1)).toEqual([[mod.id, 1], [low.id, 2]]);
    });

    it('answers 400 for a position out of range, and for a new name or place of @everyone', async () => {
      const { owner, server, low, roles } = await aServerWithModerator();
      for (const position of [0, 3, 1.5, 'top']) expect((await as(owner).patch(`${roles}/${low.id}`, { position })).body).toEqual(invalid('position'));
      expect((await as(owner).patch(`${roles}/${server.id}`, { name: 'all' })).body).toEqual(invalid('roleId'));
      expect((await as(owner).patch(`${roles}/${server.id}`, { position: 1 })).body).toEqual(invalid('roleId'));
      expect((await as(owner).patch(`${roles}/${low.id}`, { permissions: ['FLY'] })).body).toEqual(invalid('permissions.0'));
    });

    it('answers 403 above the caller (hierarchy) and without MANAGE_ROLES; 404 for a role of another server', async () => {
      const { owner, moderator, plain, low, mod, roles } = await aServerWithModerator();
      expect((await as(moderator).patch(`${roles}/${mod.id}`, { name: 'boss' })).body).toEqual(forbidden);
      expect((await as(moderator).patch(`${roles}/${low.id}`, { position: 2 })).body).toEqual(forbidden);
      expect((await as(plain).patch(`${roles}/${low.id}`, { name: 'x' })).body).toEqual(forbidden);
      const elsewhere = await t.createServer(owner, 'Elsewhere');
      const foreign = (await as(owner).post(`/api/servers/${elsewhere.id}/roles`, { name: 'x' })).body;
      expect((await as(owner).patch(`${roles}/${foreign.id}`, { name: 'y' })).body).toEqual(notFound);
      expect((await as(owner).patch(`${roles}/123`, { name: 'y' })).body).toEqual(notFound);
    });

    it("keeps PATCH server membersCanInvite and @everyone's CREATE_INVITE the same, both ways", async () => {
      const { owner, plain, server, roles } = await aServerWithModerator();
      const everyone = async () => (await as(plain).get(roles)).body[0].permissions;
      expect((await as(owner).patch(`/api/servers/${server.id}`, { membersCanInvite: true })).body.membersCanInvite).toBe(true);
      expect(await everyone()).toEqual([...EVERYONE, 'CREATE_INVITE']);
      expect((await as(plain).post(`/api/servers/${server.id}/invites`, {})).status).toBe(201);

      expect((await as(owner).patch(`${roles}/${server.id}`, { permissions: EVERYONE })).body.permissions).toEqual(EVERYONE);
      expect((await as(plain).get(`/api/servers/${server.id}`)).body.membersCanInvite).toBe(false);
      expect((await as(plain).post(`/api/servers/${server.id}/invites`, {})).status).toBe(403);

      expect((await as(owner).patch(`${roles}/${server.id}`, { permissions: [...EVERYONE, 'CREATE_INVITE'] })).status).toBe(200);
      expect((await as(plain).get(`/api/servers/${server.id}`)).body.membersCanInvite).toBe(true);
      expect((await as(owner).patch(`/api/servers/${server.id}`, { membersCanInvite: false })).status).toBe(200);
      expect(await everyone()).toEqual(EVERYONE);
    });
  });

  describe('DELETE /api/servers/:id/roles/:roleId', () => {
    it('answers 204; the role is gone from the list and from its members', async () => {
      const { owner, plain, server, low, mod, roles, memberRoles } = await aServerWithModerator();
      await as(owner).put(memberRoles(plain.id, low.id));
      expect((await as(owner).delete(`${roles}/${low.id}`)).status).toBe(204);
      expect((await as(owner).get(roles)).body.map((r: { id: string }) => r.id)).toEqual([server.id, mod.id]);
      const members = (await as(owner).get(`/api/servers/${server.id}/members`)).body;
      expect(members.find((m: { userId: string }) => m.userId === plain.id).roleIds).toEqual([]);
    });

    it('answers 400 for @everyone, 403 above the caller or without MANAGE_ROLES, 404 for an unknown role', async () => {
      const { owner, moderator, plain, server, low, mod, roles } = await aServerWithModerator();
      expect((await as(owner).delete(`${roles}/${server.id}`)).body).toEqual(invalid('roleId'));
      expect((await as(moderator).delete(`${roles}/${mod.id}`)).body).toEqual(forbidden);
      expect((await as(plain).delete(`${roles}/${low.id}`)).body).toEqual(forbidden);
      expect((await as(owner).delete(`${roles}/123`)).body).toEqual(notFound);
    });
  });

  describe('PUT and DELETE /api/servers/:id/members/:userId/roles/:roleId', () => {
    it('answer 204, also when nothing changes; members list their roleIds by position, @everyone not among them', async () => {
      const { owner, moderator, plain, server, low, mod, memberRoles } = await aServerWithModerator();
      expect((await as(moderator).put(memberRoles(plain.id, low.id))).status).toBe(204);
      expect((await as(moderator).put(memberRoles(plain.id, low.id))).status).toBe(204);
      expect((await as(owner).put(memberRoles(plain.id, mod.id))).status).toBe(204);
      const roleIdsOf = async (userId: string) => (await as(plain).get(`/api/servers/${server.id}/members`)).body.find((m: { userId: string }) => m.userId === userId).roleIds;
      expect(await roleIdsOf(plain.id)).toEqual([low.id, mod.id]);
      expect(await roleIdsOf(owner.id)).toEqual([]);
      expect((await as(moderator).delete(memberRoles(plain.id, low.id))).status).toBe(204);
      expect((await as(moderator).delete(memberRoles(plain.id, low.id))).status).toBe(204);
      expect(await roleIdsOf(plain.id)).toEqual([mod.id]);
    });

    it('answer 400 for @everyone, 404 for an unknown role or a non-member, 403 above the caller or without MANAGE_ROLES', async () => {
      const { owner, moderator, plain, server, low, mod, memberRoles } = await aServerWithModerator();
      const outsider = await t.register();
      for (const method of ['put', 'delete'] as const) {
        expect((await as(owner)[method](memberRoles(plain.id, server.id))).body).toEqual(invalid('roleId'));
        expect((await as(owner)[method](memberRoles(plain.id, '123'))).body).toEqual(notFound);
        expect((await as(owner)[method](memberRoles(outsider.id, low.id))).body).toEqual(notFound);
        expect((await as(moderator)[method](memberRoles(plain.id, mod.id))).body).toEqual(forbidden);
        expect((await as(plain)[method](memberRoles(moderator.id, low.id))).body).toEqual(forbidden);
      }
    });
  });
});

/** The quota's count is the port's, proven on every engine by the contract suites: here, its answer. */
describe('POST /api/servers/:id/roles past the quota', () => {
  it('answers 403 QUOTA_EXCEEDED naming roles', async () => {
    const t = await buildTestApp({ quotas: { serversOwned: 5, channelsPerServer: 5, invitesPerServer: 5, applications: 5, bansPerServer: 5, rolesPerServer: 1, conversationsPerDay: 5, blocks: 5, uploadBytesPerDay: 5 } });
    const owner = await t.register();
    const server = await t.createServer(owner);
    const create = (name: string) => t.http().post(`/api/servers/${server.id}/roles`).set('Authorization', owner.token).send({ name });
    expect((await create('one')).status).toBe(201);
    const res = await create('two');
    expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: problemBody(403, 'Forbidden', 'QUOTA_EXCEEDED') });
    expect(res.body.detail).toMatch(/roles/);
  });
});
