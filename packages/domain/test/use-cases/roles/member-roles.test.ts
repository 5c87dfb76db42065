import { eventFromJson, eventJson } from '@chat/contract';
import { memberUpdated } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { MALFORMED_ID, UNKNOWN_ID } from '../../helpers';
import { aServerWithModerator } from './roles-world';

describe('AddMemberRole and RemoveMemberRole', () => {
  it('assign and take away a role with member.updated (all the roles held now); a repeat changes nothing and tells nothing', async () => {
    const { world, owner, member, other, server, low, mod } = await aServerWithModerator();
    const before = world.events().length;

    expect(await world.addMemberRole.execute(member, server.id, other.userId, low.id)).toEqual({ ok: true, value: undefined });
    expect(await world.addMemberRole.execute(member, server.id, other.userId, low.id)).toEqual({ ok: true, value: undefined });
    expectOk(await world.addMemberRole.execute(owner, server.id, other.userId, mod.id));
    expect(await world.removeMemberRole.execute(member, server.id, other.userId, low.id)).toEqual({ ok: true, value: undefined });
    expect(await world.removeMemberRole.execute(member, server.id, other.userId, low.id)).toEqual({ ok: true, value: undefined });

    const events = world.events().slice(before);
    expect(events).toEqual([
      memberUpdated(server.id, other.userId, [low.id]),
      memberUpdated(server.id, other.userId, [low.id, mod.id]),
      memberUpdated(server.id, other.userId, [mod.id]),
    ]);
    expect(eventFromJson(eventJson(events[1]!).t, eventJson(events[1]!).d)).toEqual(events[1]);
    const members = expectOk(await world.getMembers.execute(owner, server.id, {}));
    expect(members.find((m) => m.userId === other.userId)?.roleIds).toEqual([mod.id]);
  });

  it('refuses @everyone, roles at or above the caller, unknown roles and members, and callers without MANAGE_ROLES', async () => {
    const { world, owner, member, other, outsider, server, low, mod } = await aServerWithModerator();
    const elsewhere = await world.aServer(owner, 'Elsewhere');
    const foreign = expectOk(await world.createRole.execute(owner, elsewhere.id, { name: 'x' }));
    const before = world.events().length;

    for (const change of [world.addMemberRole, world.removeMemberRole]) {
      expect(await change.execute(owner, server.id, other.userId, server.id)).toEqual({ ok: false, error: { kind: 'EveryoneRole' } });
      expect(await change.execute(member, server.id, other.userId, mod.id)).toEqual({ ok: false, error: { kind: 'RoleHierarchy' } });
      for (const roleId of [foreign.id, UNKNOWN_ID, MALFORMED_ID]) {
        expect(await change.execute(owner, server.id, other.userId, roleId)).toEqual({ ok: false, error: { kind: 'RoleNotFound' } });
      }
      for (const userId of [outsider.userId, UNKNOWN_ID, MALFORMED_ID]) {
        expect(await change.execute(owner, server.id, userId, low.id)).toEqual({ ok: false, error: { kind: 'MemberNotFound' } });
      }
      expect(await change.execute(other, server.id, member.userId, low.id)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_ROLES' } });
      expect(await change.execute(outsider, server.id, member.userId, low.id)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
    }
    expect(world.events().slice(before)).toEqual([]);
  });

  it('a member who leaves loses their roles; one who comes back starts with none', async () => {
    const { world, owner, other, server, low } = await aServerWithModerator();
    expectOk(await world.addMemberRole.execute(owner, server.id, other.userId, low.id));
    expectOk(await world.leaveServer.execute(other, server.id));
    const invite = expectOk(await world.createInvite.execute(owner, server.id));
    expectOk(await world.joinByInvite.execute(other, invite.code));

    const members = expectOk(await world.getMembers.execute(owner, server.id, {}));
    expect(members.find((m) => m.userId === other.userId)?.roleIds).toEqual([]);
  });
});
