import { eventFromJson, eventJson } from '@chat/contract';
import { memberLeft } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

describe('KickMember', () => {
  it('removes the member, records member.left with reason kick in the same change, and takes their access away', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const before = world.events().length;

    expect(await world.kickMember.execute(owner, server.id, member.userId)).toEqual({ ok: true, value: undefined });

    expect(world.events().slice(before)).toEqual([memberLeft(server.id, member.userId, 'kick')]);
    expect(expectOk(await world.getMembers.execute(owner, server.id, {})).map((m) => m.userId)).toEqual([owner.userId]);
    expect(await world.readMessages(member, channelId, {})).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it('lets a kicked member come back with a new invite', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    expectOk(await world.kickMember.execute(owner, server.id, member.userId));

    const invite = expectOk(await world.createInvite.execute(owner, server.id));
    expectOk(await world.joinByInvite.execute(member, invite.code));

    expect(expectOk(await world.getServer.execute(member, server.id)).id).toBe(server.id);
  });

  it('is for the owner only: a member may not kick, and an outsider learns nothing more than NotAMember', async () => {
    const { world, owner, member, outsider, server } = await aServerWithCast();
    const other = await world.aMemberOf(server, owner);

    expect(await world.kickMember.execute(member, server.id, other.userId)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'KICK_MEMBERS' } });
    expect(await world.kickMember.execute(outsider, server.id, member.userId)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
    expect(expectOk(await world.getMembers.execute(owner, server.id, {}))).toHaveLength(3);
  });

  it('refuses to remove the owner, and answers MemberNotFound for anyone who is not a member', async () => {
    const { world, owner, outsider, server } = await aServerWithCast();
    const before = world.events().length;

    expect(await world.kickMember.execute(owner, server.id, owner.userId)).toEqual({ ok: false, error: { kind: 'CannotRemoveOwner' } });
    for (const userId of [outsider.userId, UNKNOWN_ID, MALFORMED_ID]) {
      expect(await world.kickMember.execute(owner, server.id, userId)).toEqual({ ok: false, error: { kind: 'MemberNotFound' } });
    }
    expect(world.events().slice(before)).toEqual([]);
  });

  it('answers ServerNotFound for an unknown or malformed server', async () => {
    const { world, owner, member } = await aServerWithCast();
    for (const serverId of [UNKNOWN_ID, MALFORMED_ID]) {
      expect(await world.kickMember.execute(owner, serverId, member.userId)).toEqual({ ok: false, error: { kind: 'ServerNotFound' } });
    }
  });

  it("keeps the kick's and the ban's reason on the wire, and reads a reason it does not know as a leave", () => {
    const kick = memberLeft('1', '2', 'kick');
    expect(eventFromJson('member.left', eventJson(kick).d)).toEqual(kick);
    const ban = memberLeft('1', '2', 'ban');
    expect(eventFromJson('member.left', eventJson(ban).d)).toEqual(ban);
    expect(eventFromJson('member.left', { serverId: '1', userId: '2', reason: 'timeout' })).toEqual(memberLeft('1', '2', 'leave'));
  });
});
