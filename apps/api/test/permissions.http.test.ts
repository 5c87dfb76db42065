import { bitsOf, type Permission } from '@chat/domain';
import { InMemoryChannelRepository } from '@chat/domain/testing';
import type { Response } from 'supertest';
import { buildTestApp, problemBody, type TestApp, type TestUser } from './test-app';

/* The existing routes, checked by permissions: roles and overwrites are written to the store directly here. */
describe('permission checks over HTTP', () => {
  let t: TestApp;
  let roles = 0;
  beforeEach(async () => {
    t = await buildTestApp();
  });

  const statusAndBody = (res: Response) => ({ status: res.status, body: res.body });
  const refused = (permission: Permission) => ({ status: 403, body: problemBody(403, 'Forbidden', 'FORBIDDEN', { detail: `You need the ${permission} permission to do that here.` }) });
  const HIERARCHY = { status: 403, body: problemBody(403, 'Forbidden', 'FORBIDDEN') };

  async function giveRole(serverId: string, user: TestUser, permissions: Permission[]): Promise<void> {
    const position = (await t.adapters.stores.roles.countByServer(serverId)) + 1;
    const id = `${9_000_000 + ++roles}`;
    await t.adapters.stores.roles.create({ id, serverId, name: `role ${id}`, color: null, position, permissions: bitsOf(permissions), createdAt: new Date() });
    await t.adapters.stores.roles.assign(serverId, user.id, id);
  }

  async function overwrite(channelId: string, id: string, type: 'role' | 'member', allow: Permission[], deny: Permission[]): Promise<void> {
    const channels = t.adapters.stores.channels;
    if (!(channels instanceof InMemoryChannelRepository)) throw new Error('these tests run on the memory stores');
    await channels.setOverwrite(channelId, { id, type, allow: bitsOf(allow), deny: bitsOf(deny) });
  }

  const as = (user: TestUser) => ({ Authorization: user.token });

  it('answers 403 on every message route of a channel the member cannot see, as to a non-member', async () => {
    const { owner, member, server, channelId } = await t.aServerWithMember();
    const message = await t.send(member, channelId, 'before the door closed');
    await overwrite(channelId, server.id, 'role', [], ['VIEW_CHANNEL']);
    const path = `/api/channels/${channelId}/messages`;

    expect(statusAndBody(await t.http().get(path).set(as(member)))).toEqual(refused('VIEW_CHANNEL'));
    expect(statusAndBody(await t.http().post(path).set(as(member)).send({ content: 'hi' }))).toEqual(refused('VIEW_CHANNEL'));
    expect(statusAndBody(await t.http().get(`${path}/${message.id}`).set(as(member)))).toEqual(refused('VIEW_CHANNEL'));
    expect(statusAndBody(await t.http().post(`${path}/${message.id}/reactions`).set(as(member)).send({ emoji: '👍' }))).toEqual(refused('VIEW_CHANNEL'));
    expect((await t.http().get(path).set(as(owner))).status).toBe(200);
  });

  it('answers 403 SEND_MESSAGES to a member who may read but not send, and stores nothing', async () => {
    const { member, channelId } = await t.aServerWithMember();
    await overwrite(channelId, member.id, 'member', [], ['SEND_MESSAGES']);
    const path = `/api/channels/${channelId}/messages`;

    expect(statusAndBody(await t.http().post(path).set(as(member)).send({ content: 'hi' }))).toEqual(refused('SEND_MESSAGES'));
    expect(statusAndBody(await t.http().get(path).set(as(member)))).toEqual({ status: 200, body: [] });
  });

  it('lets a member with KICK_MEMBERS kick one ranked below them, not one ranked above, nor the owner', async () => {
    const { owner, member, server } = await t.aServerWithMember();
    const [plain, peer] = [await t.register(), await t.register()];
    await t.join(plain, server.id, owner);
    await t.join(peer, server.id, owner);
    const kick = (who: TestUser, target: TestUser) => t.http().delete(`/api/servers/${server.id}/members/${target.id}`).set(as(who));

    expect(statusAndBody(await kick(member, plain))).toEqual(refused('KICK_MEMBERS'));
    await giveRole(server.id, member, ['KICK_MEMBERS']);
    await giveRole(server.id, peer, ['KICK_MEMBERS']);
    expect((await kick(member, plain)).status).toBe(204);
    // `peer`'s role was made after `member`'s, so it sits above it.
    expect(statusAndBody(await kick(member, peer))).toEqual(HIERARCHY);
    expect((await kick(member, owner)).status).toBe(409);
    expect((await kick(peer, member)).status).toBe(204);
  });

  it('lets roles give CREATE_INVITE, MANAGE_SERVER and MANAGE_MESSAGES', async () => {
    const { owner, member, server, channelId } = await t.aServerWithMember();
    const byOwner = await t.send(owner, channelId, 'moderate me');
    expect(statusAndBody(await t.http().post(`/api/servers/${server.id}/invites`).set(as(member)).send({}))).toEqual(refused('CREATE_INVITE'));
    expect(statusAndBody(await t.http().patch(`/api/servers/${server.id}`).set(as(member)).send({ name: 'Ours' }))).toEqual(refused('MANAGE_SERVER'));
    expect(statusAndBody(await t.http().delete(`/api/channels/${channelId}/messages/${byOwner.id}`).set(as(member)))).toEqual(refused('MANAGE_MESSAGES'));

    await giveRole(server.id, member, ['CREATE_INVITE', 'MANAGE_SERVER', 'MANAGE_MESSAGES']);
    expect((await t.http().post(`/api/servers/${server.id}/invites`).set(as(member)).send({})).status).toBe(201);
    expect((await t.http().patch(`/api/servers/${server.id}`).set(as(member)).send({ name: 'Ours' })).body).toMatchObject({ name: 'Ours' });
    expect((await t.http().delete(`/api/channels/${channelId}/messages/${byOwner.id}`).set(as(member))).status).toBe(204);
    expect((await t.http().delete(`/api/servers/${server.id}`).set(as(member))).status).toBe(403);
  });
});
