import { expectOk } from '@chat/domain/testing';
import { aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

describe('LeaveServer', () => {
  it('removes a plain member, who is then gone from the member list', async () => {
    const { world, owner, member, server } = await aServerWithCast();

    expect(await world.leaveServer.execute(member, server.id)).toEqual({ ok: true, value: undefined });

    const members = expectOk(await world.getMembers.execute(owner, server.id, {}));
    expect(members.map((m) => m.userId)).toEqual([owner.userId]);
    expect(await world.stores.members.find(server.id, member.userId)).toBeNull();
  });

  it('takes away the former member’s access to the server and its channels', async () => {
    const { world, member, server, channelId } = await aServerWithCast();

    expectOk(await world.leaveServer.execute(member, server.id));

    expect(await world.getServer.execute(member, server.id)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
    expect(await world.readMessages(member, channelId, {})).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it('returns OwnerCannotLeave for the owner, who stays a member', async () => {
    const { world, owner, server } = await aServerWithCast();

    expect(await world.leaveServer.execute(owner, server.id)).toEqual({ ok: false, error: { kind: 'OwnerCannotLeave' } });

    expect(await world.getServer.execute(owner, server.id)).toEqual({ ok: true, value: server });
  });

  it('returns MembershipNotFound for someone who never joined', async () => {
    const { world, outsider, server } = await aServerWithCast();

    expect(await world.leaveServer.execute(outsider, server.id)).toEqual({ ok: false, error: { kind: 'MembershipNotFound' } });
  });

  it('returns MembershipNotFound when leaving a second time', async () => {
    const { world, member, server } = await aServerWithCast();
    expectOk(await world.leaveServer.execute(member, server.id));

    expect(await world.leaveServer.execute(member, server.id)).toEqual({ ok: false, error: { kind: 'MembershipNotFound' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns ServerNotFound for the server id %j', async (serverId) => {
    const { world, member } = await aServerWithCast();

    expect(await world.leaveServer.execute(member, serverId)).toEqual({ ok: false, error: { kind: 'ServerNotFound' } });
  });

  it('lets a member who left come back through an invite', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    expectOk(await world.leaveServer.execute(member, server.id));
    const invite = expectOk(await world.createInvite.execute(owner, server.id));

    expectOk(await world.joinByInvite.execute(member, invite.code));

    expect(await world.getServer.execute(member, server.id)).toEqual({ ok: true, value: server });
  });
});
