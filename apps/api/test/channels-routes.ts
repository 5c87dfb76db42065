import { bitsOf, PERMISSIONS, type Permission } from '@chat/domain';
import { problemBody, type TestApp, type TestUser } from './test-app';

/** Gives a member a role holding `permissions`, through the store (the roles API is not this suite's subject). */
async function grant(t: TestApp, serverId: string, user: TestUser, permissions: readonly Permission[]): Promise<string> {
  const stores = t.adapters.stores;
  const id = t.adapters.ids.next();
  const position = (await stores.roles.countByServer(serverId)) + 1;
  await stores.roles.create({ id, serverId, name: `role ${position}`, color: null, position, permissions: bitsOf(permissions), createdAt: new Date() });
  await stores.roles.assign(serverId, user.id, id);
  return id;
}

const forbidden = (permission: string) => ({ status: 403, body: { ...problemBody(403, 'Forbidden', 'FORBIDDEN'), detail: `You need the ${permission} permission to do that here.` } });
const invalid = (errors: { path: string; message: unknown }[]) => ({ status: 400, body: problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors }) });
const NO_CHANNEL = { status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') };

/** Every channel-management route and each of its refusals, over the app `app()` gives. */
export function describeChannelRoutes(name: string, app: () => TestApp): void {
  describe(`managing channels over HTTP (${name})`, () => {
    const as = (user: TestUser) => ({
      get: (path: string) => app().http().get(path).set('Authorization', user.token),
      post: (path: string, body: object) => app().http().post(path).set('Authorization', user.token).send(body),
      patch: (path: string, body: object) => app().http().patch(path).set('Authorization', user.token).send(body),
      put: (path: string, body: object) => app().http().put(path).set('Authorization', user.token).send(body),
      delete: (path: string) => app().http().delete(path).set('Authorization', user.token),
    });
    const answer = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });
    const aChannel = async (owner: TestUser, serverId: string, name = 'random') => (await as(owner).post(`/api/servers/${serverId}/channels`, { name })).body as { id: string };

    it('PATCH renames a channel, sets its topic and moves it (200 with the channel); the list follows', async () => {
      const { owner, member, server } = await app().aServerWithMember();
      const random = await aChannel(owner, server.id);

      const res = await as(owner).patch(`/api/channels/${random.id}`, { name: ' lobby ', topic: 'Say hi', position: 0 });

      expect(answer(res)).toEqual({
        status: 200,
        body: { id: random.id, serverId: server.id, name: 'lobby', topic: 'Say hi', position: 0, permissionOverwrites: [], createdAt: expect.any(String) },
      });
      // Both at position 0 now: the older (the default channel) first.
      expect((await as(member).get(`/api/servers/${server.id}/channels`)).body.map((c: { name: string }) => c.name)).toEqual(['general', 'lobby']);
      expect((await as(owner).patch(`/api/channels/${random.id}`, { topic: null })).body.topic).toBeNull();
    });

    it('PATCH answers 400 for a topic over 1024 characters, a negative position or no field; 404 for an unknown channel', async () => {
      const { owner, channelId } = await app().aServerWithMember();

      expect(answer(await as(owner).patch(`/api/channels/${channelId}`, { topic: 'x'.repeat(1025) }))).toEqual(invalid([{ path: 'topic', message: 'must be at most 1024 characters' }]));
      expect(answer(await as(owner).patch(`/api/channels/${channelId}`, { position: -1 }))).toEqual(invalid([{ path: 'position', message: expect.stringMatching(/^must be an integer/) }]));
      expect(answer(await as(owner).patch(`/api/channels/${channelId}`, {}))).toEqual(invalid([{ path: '', message: 'must change at least one of name, topic, position' }]));
      expect(answer(await as(owner).patch('/api/channels/42', { name: 'x' }))).toEqual(NO_CHANNEL);
    });

    it('PATCH, DELETE and POST need MANAGE_CHANNELS: 403 naming it without, done with it', async () => {
      const { owner, member, server } = await app().aServerWithMember();
      const random = await aChannel(owner, server.id);

      expect(answer(await as(member).patch(`/api/channels/${random.id}`, { name: 'mine' }))).toEqual(forbidden('MANAGE_CHANNELS'));
      expect(answer(await as(member).delete(`/api/channels/${random.id}`))).toEqual(forbidden('MANAGE_CHANNELS'));
      expect(answer(await as(member).post(`/api/servers/${server.id}/channels`, { name: 'mine' }))).toEqual(forbidden('MANAGE_CHANNELS'));

      await grant(app(), server.id, member, ['MANAGE_CHANNELS']);
      expect((await as(member).patch(`/api/channels/${random.id}`, { name: 'mine' })).status).toBe(200);
      expect((await as(member).post(`/api/servers/${server.id}/channels`, { name: 'theirs' })).status).toBe(201);
      expect((await as(member).delete(`/api/channels/${random.id}`)).status).toBe(204);
    });

    it('DELETE removes a channel with its messages (204); then it is 404', async () => {
      const { owner, member, server } = await app().aServerWithMember();
      const random = await aChannel(owner, server.id);
      await app().send(member, random.id, 'soon gone');

      expect(answer(await as(owner).delete(`/api/channels/${random.id}`))).toEqual({ status: 204, body: {} });

      expect(answer(await as(member).get(`/api/channels/${random.id}/messages`))).toEqual(NO_CHANNEL);
      expect(answer(await as(owner).delete(`/api/channels/${random.id}`))).toEqual(NO_CHANNEL);
      expect((await as(member).get(`/api/servers/${server.id}/channels`)).body.map((c: { name: string }) => c.name)).toEqual(['general']);
    });

    it("DELETE of the default channel answers 409 DEFAULT_CHANNEL until PATCH server names another", async () => {
      const { owner, server, channelId } = await app().aServerWithMember();
      const lobby = await aChannel(owner, server.id, 'lobby');

      expect(answer(await as(owner).delete(`/api/channels/${channelId}`))).toEqual({ status: 409, body: problemBody(409, 'Conflict', 'DEFAULT_CHANNEL') });

      const patched = await as(owner).patch(`/api/servers/${server.id}`, { defaultChannelId: lobby.id });
      expect({ status: patched.status, defaultChannelId: patched.body.defaultChannelId }).toEqual({ status: 200, defaultChannelId: lobby.id });
      expect((await as(owner).delete(`/api/channels/${channelId}`)).status).toBe(204);
    });

    it('PATCH server answers 400 for a default channel of another server, or not an id', async () => {
      const { owner, server } = await app().aServerWithMember();
      const other = await app().createServer(owner, 'Other');
      const issue = { path: 'defaultChannelId', message: 'is not a channel of this server' };

      expect(answer(await as(owner).patch(`/api/servers/${server.id}`, { defaultChannelId: other.defaultChannelId }))).toEqual(invalid([issue]));
      expect(answer(await as(owner).patch(`/api/servers/${server.id}`, { defaultChannelId: 'general' }))).toEqual(invalid([{ path: 'defaultChannelId', message: 'must be an id' }]));
    });

    it('PUT an overwrite (204) hides a channel from those it denies, and shows each caller its permissions there', async () => {
      const { owner, member, server } = await app().aServerWithMember();
      const leads = await aChannel(owner, server.id, 'leads');

      expect(answer(await as(owner).put(`/api/channels/${leads.id}/permissions/${server.id}`, { type: 'role', allow: [], deny: ['VIEW_CHANNEL'] }))).toEqual({ status: 204, body: {} });
      expect(answer(await as(owner).put(`/api/channels/${leads.id}/permissions/${owner.id}`, { type: 'member', allow: ['VIEW_CHANNEL'], deny: [] }))).toEqual({ status: 204, body: {} });

      const seen = await as(member).get(`/api/servers/${server.id}/channels`);
      expect(seen.body.map((c: { name: string; permissions: string[] }) => [c.name, c.permissions])).toEqual([['general', ['VIEW_CHANNEL', 'SEND_MESSAGES', 'ADD_REACTIONS', 'ATTACH_FILES']]]);
      const all = (await as(owner).get(`/api/servers/${server.id}/channels`)).body as { name: string; permissionOverwrites: unknown[] }[];
      expect(all.find((c) => c.name === 'leads')?.permissionOverwrites).toEqual([
        { id: server.id, type: 'role', allow: [], deny: ['VIEW_CHANNEL'] },
        { id: owner.id, type: 'member', allow: ['VIEW_CHANNEL'], deny: [] },
      ].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1)));

      expect(answer(await as(owner).delete(`/api/channels/${leads.id}/permissions/${server.id}`))).toEqual({ status: 204, body: {} });
      expect((await as(member).get(`/api/servers/${server.id}/channels`)).body.map((c: { name: string }) => c.name)).toEqual(['general', 'leads']);
    });

    it('POST with permissionOverwrites makes a private channel in one call: never listed to those it shuts out', async () => {
      const { owner, member, server } = await app().aServerWithMember();
      const overwrites = [
        { id: server.id, type: 'role', allow: [], deny: ['VIEW_CHANNEL'] },
        { id: owner.id, type: 'member', allow: ['VIEW_CHANNEL'], deny: [] },
      ];

      const res = await as(owner).post(`/api/servers/${server.id}/channels`, { name: 'leads', permissionOverwrites: overwrites });

      expect(res.status).toBe(201);
      expect(res.body.permissionOverwrites).toEqual([...overwrites].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1)));
      expect((await as(member).get(`/api/servers/${server.id}/channels`)).body.map((c: { name: string }) => c.name)).toEqual(['general']);
      expect((await as(member).get(`/api/channels/${res.body.id}/messages`)).status).toBe(403);
    });

    it('POST with permissionOverwrites answers 400 for a bad or repeated target or permission, 403 without MANAGE_ROLES or beyond what the caller holds; nothing is created', async () => {
      const { owner, member, server } = await app().aServerWithMember();
      const outsider = await app().register();
      const create = (user: TestUser, permissionOverwrites: object[]) => as(user).post(`/api/servers/${server.id}/channels`, { name: 'nope', permissionOverwrites });
      const deny = (id: string, type = 'role') => ({ id, type, allow: [], deny: ['VIEW_CHANNEL'] });

      expect(answer(await create(owner, [deny(outsider.id, 'member')]))).toEqual(invalid([{ path: 'permissionOverwrites.0.id', message: 'is not a member of this server' }]));
      expect(answer(await create(owner, [deny(server.id), deny(server.id)]))).toEqual(invalid([{ path: 'permissionOverwrites.1.id', message: 'names a target another overwrite names' }]));
      expect(answer(await create(owner, [{ ...deny(server.id), allow: ['FLY'] }]))).toEqual(invalid([{ path: 'permissionOverwrites.0.allow.0', message: 'is not a permission' }]));
      expect(answer(await create(owner, [{ id: 'x', type: 'role', allow: [], deny: [] }]))).toEqual(invalid([{ path: 'permissionOverwrites.0.id', message: 'must be an id' }]));
      expect((await create(owner, Array.from({ length: 101 }, () => deny(server.id)))).status).toBe(400);
      await grant(app(), server.id, member, ['MANAGE_CHANNELS']);
      expect(answer(await create(member, [deny(server.id)]))).toEqual(forbidden('MANAGE_ROLES'));
      await grant(app(), server.id, member, ['MANAGE_ROLES']);
      expect((await create(member, [{ id: server.id, type: 'role', allow: [], deny: ['BAN_MEMBERS'] }])).status).toBe(403);
      expect((await as(owner).get(`/api/servers/${server.id}/channels`)).body.map((c: { name: string }) => c.name)).toEqual(['general']);
    });

    it('PUT answers 400 for an unknown permission, too many names, one both allowed and denied, or a target not of this server', async () => {
      const { owner, server, channelId } = await app().aServerWithMember();
      const outsider = await app().register();
      const other = await app().createServer(owner, 'Other');
      const put = (targetId: string, body: object) => as(owner).put(`/api/channels/${channelId}/permissions/${targetId}`, body);

      expect(answer(await put(server.id, { type: 'role', allow: ['VIEW_CHANNEL', 'FLY'], deny: [] }))).toEqual(invalid([{ path: 'allow.1', message: 'is not a permission' }]));
      expect(answer(await put(server.id, { type: 'role', allow: [], deny: [7] }))).toEqual(invalid([{ path: 'deny.0', message: 'is not a permission' }]));
      const tooMany = Array.from({ length: PERMISSIONS.length * 2 + 1 }, () => 'VIEW_CHANNEL');
      expect(answer(await put(server.id, { type: 'role', allow: tooMany, deny: [] }))).toEqual(invalid([{ path: 'allow', message: 'has too many entries' }]));
      expect(answer(await put(server.id, { type: 'role', allow: ['SEND_MESSAGES'], deny: ['SEND_MESSAGES'] }))).toEqual(
        invalid([{ path: 'deny', message: 'must not name a permission that allow names too' }]),
      );
      expect(answer(await put(other.id, { type: 'role', allow: [], deny: [] }))).toEqual(invalid([{ path: 'targetId', message: 'is not a role of this server' }]));
      expect(answer(await put(outsider.id, { type: 'member', allow: [], deny: [] }))).toEqual(invalid([{ path: 'targetId', message: 'is not a member of this server' }]));
      expect((await put(server.id, { type: 'group', allow: [], deny: [] })).status).toBe(400);
    });

    it('PUT and DELETE need MANAGE_ROLES (403 naming it), grant only what the caller holds (403), and 404 for an unknown channel', async () => {
      const { owner, member, server, channelId } = await app().aServerWithMember();
      const path = `/api/channels/${channelId}/permissions/${server.id}`;

      expect(answer(await as(member).put(path, { type: 'role', allow: [], deny: ['SEND_MESSAGES'] }))).toEqual(forbidden('MANAGE_ROLES'));
      expect(answer(await as(member).delete(path))).toEqual(forbidden('MANAGE_ROLES'));

      await grant(app(), server.id, member, ['MANAGE_ROLES']);
      expect((await as(member).put(path, { type: 'role', allow: [], deny: ['SEND_MESSAGES'] })).status).toBe(204);
      expect(answer(await as(member).put(path, { type: 'role', allow: ['BAN_MEMBERS'], deny: [] }))).toEqual({ status: 403, body: problemBody(403, 'Forbidden', 'FORBIDDEN') });

      expect(answer(await as(owner).put(`/api/channels/42/permissions/${server.id}`, { type: 'role', allow: [], deny: [] }))).toEqual(NO_CHANNEL);
      expect(answer(await as(owner).delete(`/api/channels/42/permissions/${server.id}`))).toEqual(NO_CHANNEL);
    });
  });
}
