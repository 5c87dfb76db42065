import { bitsOf, EVERYONE_DEFAULT, roleDeleted, roleUpdated, serverUpdated } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';
import { aServerWithModerator } from './roles-world';

describe('UpdateRole', () => {
  it('renames, recolours and re-permissions a role, with role.updated', async () => {
    const { world, member, server, low } = await aServerWithModerator(['KICK_MEMBERS']);
    const before = world.events().length;

    const updated = expectOk(await world.updateRole.execute(member, server.id, low.id, { name: ' lower ', color: null, permissions: [] }));

    expect(updated).toEqual({ ...low, name: 'lower', permissions: 0 });
    expect(world.events().slice(before)).toEqual([roleUpdated(updated)]);
  });

  it('moves a role, the roles between shifting by one, each with role.updated', async () => {
    const { world, owner, server, low, mod } = await aServerWithModerator();
    const before = world.events().length;

    const moved = expectOk(await world.updateRole.execute(owner, server.id, low.id, { position: 2 }));

    expect(moved.position).toBe(2);
    expect(world.events().slice(before)).toEqual([roleUpdated(moved), roleUpdated({ ...mod, position: 1 })]);
  });

  it('refuses a position out of range, and one at or above the caller’s own role', async () => {
    const { world, owner, member, server, low } = await aServerWithModerator();
    for (const position of [0, 3, 1.5]) {
      expect(await world.updateRole.execute(owner, server.id, low.id, { position })).toMatchObject({ ok: false, error: { kind: 'ValidationFailed' } });
    }
    expect(await world.updateRole.execute(member, server.id, low.id, { position: 2 })).toEqual({ ok: false, error: { kind: 'RoleHierarchy' } });
  });

  it('manages only roles below the caller, and changes only permissions they hold', async () => {
    const { world, member, server, mod, low } = await aServerWithModerator();
    expect(await world.updateRole.execute(member, server.id, mod.id, { name: 'boss' })).toEqual({ ok: false, error: { kind: 'RoleHierarchy' } });
    // low holds KICK_MEMBERS, which the moderator lacks: neither taking it away nor adding BAN_MEMBERS.
    expect(await world.updateRole.execute(member, server.id, low.id, { permissions: [] })).toEqual({ ok: false, error: { kind: 'RoleHierarchy' } });
    expect(await world.updateRole.execute(member, server.id, low.id, { permissions: ['KICK_MEMBERS', 'BAN_MEMBERS'] })).toEqual({ ok: false, error: { kind: 'RoleHierarchy' } });
    expect(expectOk(await world.updateRole.execute(member, server.id, low.id, { permissions: ['KICK_MEMBERS', 'MANAGE_ROLES'] })).permissions).toBe(
      bitsOf(['MANAGE_ROLES', 'KICK_MEMBERS']),
    );
  });

  it("keeps @everyone's name and place, and lets its permissions change", async () => {
    const { world, owner, server } = await aServerWithCast();
    expect(await world.updateRole.execute(owner, server.id, server.id, { name: 'all' })).toEqual({ ok: false, error: { kind: 'EveryoneRole' } });
    expect(await world.updateRole.execute(owner, server.id, server.id, { position: 1 })).toEqual({ ok: false, error: { kind: 'EveryoneRole' } });
    expect(expectOk(await world.updateRole.execute(owner, server.id, server.id, { permissions: ['VIEW_CHANNEL'] })).permissions).toBe(bitsOf(['VIEW_CHANNEL']));
  });

  it("lets a member whose MANAGE_ROLES comes from @everyone alone edit @everyone, granting only what they hold", async () => {
    const { world, owner, other, server } = await aServerWithModerator();
    expectOk(await world.updateRole.execute(owner, server.id, server.id, { permissions: ['VIEW_CHANNEL', 'SEND_MESSAGES', 'MANAGE_ROLES'] }));

    const edited = expectOk(await world.updateRole.execute(other, server.id, server.id, { permissions: ['VIEW_CHANNEL', 'MANAGE_ROLES'] }));

    expect(edited.permissions).toBe(bitsOf(['VIEW_CHANNEL', 'MANAGE_ROLES']));
    expect(await world.updateRole.execute(other, server.id, server.id, { permissions: ['VIEW_CHANNEL', 'MANAGE_ROLES', 'BAN_MEMBERS'] })).toEqual({
      ok: false,
      error: { kind: 'RoleHierarchy' },
    });
  });

  it('answers RoleNotFound for a role of another server, an unknown or a malformed id; MissingPermission without MANAGE_ROLES', async () => {
    const { world, owner, other, server, low } = await aServerWithModerator();
    const elsewhere = await world.aServer(owner, 'Elsewhere');
    const foreign = expectOk(await world.createRole.execute(owner, elsewhere.id, { name: 'x' }));
    for (const roleId of [foreign.id, UNKNOWN_ID, MALFORMED_ID]) {
      expect(await world.updateRole.execute(owner, server.id, roleId, { name: 'y' })).toEqual({ ok: false, error: { kind: 'RoleNotFound' } });
    }
    expect(await world.updateRole.execute(other, server.id, low.id, { name: 'y' })).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_ROLES' } });
    expect(await world.updateRole.execute(owner, server.id, low.id, {})).toMatchObject({ ok: false, error: { kind: 'ValidationFailed' } });
  });
});

describe('DeleteRole', () => {
  it('deletes the role: its members lose it, the roles above move down, role.deleted then role.updated', async () => {
    const { world, owner, other, server, low, mod } = await aServerWithModerator();
    expectOk(await world.addMemberRole.execute(owner, server.id, other.userId, low.id));
    const before = world.events().length;

    expect(await world.deleteRole.execute(owner, server.id, low.id)).toEqual({ ok: true, value: undefined });

    expect(world.events().slice(before)).toEqual([roleDeleted(server.id, low.id), roleUpdated({ ...mod, position: 1 })]);
    const members = expectOk(await world.getMembers.execute(owner, server.id, {}));
    expect(members.find((m) => m.userId === other.userId)?.roleIds).toEqual([]);
  });

  it('refuses @everyone, roles at or above the caller, unknown roles, and callers without MANAGE_ROLES', async () => {
    const { world, owner, member, other, server, mod, low } = await aServerWithModerator();
    expect(await world.deleteRole.execute(owner, server.id, server.id)).toEqual({ ok: false, error: { kind: 'EveryoneRole' } });
    expect(await world.deleteRole.execute(member, server.id, mod.id)).toEqual({ ok: false, error: { kind: 'RoleHierarchy' } });
    expect(await world.deleteRole.execute(owner, server.id, UNKNOWN_ID)).toEqual({ ok: false, error: { kind: 'RoleNotFound' } });
    expect(await world.deleteRole.execute(other, server.id, low.id)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_ROLES' } });
    expect(expectOk(await world.listRoles.execute(owner, server.id))).toHaveLength(3);
  });
});

describe("membersCanInvite is @everyone's CREATE_INVITE", () => {
  it('reads and writes the same bit both ways, each change telling of the other', async () => {
    const { world, owner, member, server } = await aServerWithCast();

    let before = world.events().length;
    const opened = expectOk(await world.updateServer.execute(owner, server.id, { membersCanInvite: true }));
    const roles = expectOk(await world.listRoles.execute(member, server.id));
    expect(roles[0]!.permissions).toBe(EVERYONE_DEFAULT | bitsOf(['CREATE_INVITE']));
    expect(world.events().slice(before)).toEqual([serverUpdated(opened), roleUpdated(roles[0]!)]);

    before = world.events().length;
    const closed = expectOk(await world.updateRole.execute(owner, server.id, server.id, { permissions: ['VIEW_CHANNEL', 'SEND_MESSAGES'] }));
    const now = expectOk(await world.getServer.execute(member, server.id));
    expect(now.membersCanInvite).toBe(false);
    expect(world.events().slice(before)).toEqual([roleUpdated(closed), serverUpdated(now)]);
    // Without membersCanInvite a member may not invite (who may is another change's).
    expect(await world.createInvite.execute(member, server.id)).toMatchObject({ ok: false });
  });
});
