import { eventFromJson, eventJson } from '@chat/contract';
import { bitsOf, EVERYONE_DEFAULT, roleCreated, roleUpdated } from '@chat/domain';
import { createTestWorld, expectOk } from '@chat/domain/testing';
import { aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';
import { aServerWithModerator } from './roles-world';

describe('ListRoles', () => {
  it('shows any member every role, @everyone (the server id, position 0) first', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const role = expectOk(await world.createRole.execute(owner, server.id, { name: 'mods' }));

    const roles = expectOk(await world.listRoles.execute(member, server.id));

    expect(roles.map((r) => [r.id, r.name, r.position])).toEqual([
      [server.id, '@everyone', 0],
      [role.id, 'mods', 1],
    ]);
    expect(roles[0]!.permissions).toBe(EVERYONE_DEFAULT);
  });

  it('is for members only', async () => {
    const { world, outsider, server } = await aServerWithCast();
    expect(await world.listRoles.execute(outsider, server.id)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
    for (const id of [UNKNOWN_ID, MALFORMED_ID]) expect(await world.listRoles.execute(outsider, id)).toEqual({ ok: false, error: { kind: 'ServerNotFound' } });
  });
});

describe('CreateRole', () => {
  it("puts the owner's role on top, with role.created in the same change", async () => {
    const { world, owner, server } = await aServerWithCast();
    const first = expectOk(await world.createRole.execute(owner, server.id, { name: ' first ', color: 0xff0000, permissions: ['KICK_MEMBERS', 'VIEW_CHANNEL'] }));
    const before = world.events().length;

    const second = expectOk(await world.createRole.execute(owner, server.id, { name: 'second' }));

    expect(first).toEqual({ id: first.id, serverId: server.id, name: 'first', color: 0xff0000, position: 1, permissions: bitsOf(['VIEW_CHANNEL', 'KICK_MEMBERS']), createdAt: world.clock.now() });
    expect(second).toMatchObject({ position: 2, color: null, permissions: 0 });
    expect(world.events().slice(before)).toEqual([roleCreated(second)]);
    const [event] = world.events().slice(before);
    expect(eventFromJson(eventJson(event!).t, eventJson(event!).d)).toEqual(event);
  });

  it("puts anyone else's just under their highest role, which moves up, and tells of the move", async () => {
    const { world, member, server, mod, low } = await aServerWithModerator();
    const before = world.events().length;

    const made = expectOk(await world.createRole.execute(member, server.id, { name: 'helper' }));

    expect(made.position).toBe(2);
    const positions = expectOk(await world.listRoles.execute(member, server.id)).map((r) => [r.name, r.position]);
    expect(positions).toEqual([['@everyone', 0], ['low', 1], ['helper', 2], ['mod', 3]]);
    expect(world.events().slice(before)).toEqual([roleCreated(made), roleUpdated({ ...mod, position: 3 })]);
    expect(low.position).toBe(1);
  });

  it('needs MANAGE_ROLES, and grants only permissions the caller holds', async () => {
    const { world, member, other, server } = await aServerWithModerator();
    expect(await world.createRole.execute(other, server.id, { name: 'x' })).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_ROLES' } });
    expect(await world.createRole.execute(member, server.id, { name: 'x', permissions: ['BAN_MEMBERS'] })).toEqual({ ok: false, error: { kind: 'RoleHierarchy' } });
    expect(expectOk(await world.createRole.execute(member, server.id, { name: 'x', permissions: ['MANAGE_ROLES'] })).permissions).toBe(bitsOf(['MANAGE_ROLES']));
  });

  it('refuses an unknown permission, a bad colour and a bad name, all at once', async () => {
    const { world, owner, server } = await aServerWithCast();
    expect(await world.createRole.execute(owner, server.id, { name: ' ', color: 0x1000000, permissions: ['VIEW_CHANNEL', 'FLY'] })).toEqual({
      ok: false,
      error: {
        kind: 'ValidationFailed',
        issues: [
          { path: 'name', message: expect.any(String) },
          { path: 'color', message: expect.any(String) },
          { path: 'permissions.1', message: 'is not a permission' },
        ],
      },
    });
  });

  it('stops at the quota of roles a server may have, @everyone not counted', async () => {
    const world = createTestWorld(undefined, undefined, { serversOwned: 5, channelsPerServer: 5, invitesPerServer: 5, applications: 5, bansPerServer: 5, rolesPerServer: 2, conversationsPerDay: 5, blocks: 5, uploadBytesPerDay: 5 });
    const owner = await world.aUser('owner');
    const server = await world.aServer(owner);
    expectOk(await world.createRole.execute(owner, server.id, { name: 'one' }));
    expectOk(await world.createRole.execute(owner, server.id, { name: 'two' }));

    expect(await world.createRole.execute(owner, server.id, { name: 'three' })).toEqual({ ok: false, error: { kind: 'QuotaExceeded', quota: 'rolesPerServer', max: 2 } });
    expect(expectOk(await world.listRoles.execute(owner, server.id))).toHaveLength(3);
  });
});
