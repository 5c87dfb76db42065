import { bitOf, memberLeft } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aServerWithCast } from '../../helpers';
import { aRoleFor } from '../../roles';

const missing = (permission: string) => ({ ok: false, error: { kind: 'MissingPermission', permission } });
const hierarchy = { ok: false, error: { kind: 'RoleHierarchy' } };

describe('kick and ban by permission and rank', () => {
  it('lets a member holding KICK_MEMBERS kick a member ranked below them', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const plain = await world.aMemberOf(server, owner);
    await aRoleFor(world, server, member, ['KICK_MEMBERS']);
    const before = world.events().length;

    expect(await world.kickMember.execute(member, server.id, plain.userId)).toEqual({ ok: true, value: undefined });
    expect(world.events().slice(before)).toEqual([memberLeft(server.id, plain.userId, 'kick')]);
  });

  it('refuses kicking and banning a member of equal or higher rank, or themself, and never removes the owner', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const [equal, higher] = [await world.aMemberOf(server, owner), await world.aMemberOf(server, owner)];
    const moderators = await aRoleFor(world, server, member, ['KICK_MEMBERS', 'BAN_MEMBERS'], 1);
    await world.stores.roles.assign(server.id, equal.userId, moderators);
    await aRoleFor(world, server, higher, [], 2);

    for (const target of [equal, higher, member]) {
      expect(await world.kickMember.execute(member, server.id, target.userId)).toEqual(hierarchy);
      expect(await world.banMember.execute(member, server.id, target.userId, {})).toEqual(hierarchy);
    }
    expect(await world.kickMember.execute(member, server.id, owner.userId)).toEqual({ ok: false, error: { kind: 'CannotRemoveOwner' } });
    expect(await world.banMember.execute(member, server.id, owner.userId, {})).toEqual({ ok: false, error: { kind: 'CannotRemoveOwner' } });
    expect(await world.stores.members.find(server.id, higher.userId)).not.toBeNull();
    expect(await world.stores.bans.isBanned(server.id, equal.userId)).toBe(false);
  });

  it('lets a member holding BAN_MEMBERS ban a lower member and a user outside, list the bans and lift one', async () => {
    const { world, owner, member, outsider, server } = await aServerWithCast();
    const plain = await world.aMemberOf(server, owner);
    await aRoleFor(world, server, member, ['BAN_MEMBERS']);

    expectOk(await world.banMember.execute(member, server.id, plain.userId, { reason: 'spam' }));
    expectOk(await world.banMember.execute(member, server.id, outsider.userId, {}));
    expect(expectOk(await world.listBans.execute(member, server.id)).map((ban) => ban.user.id).sort()).toEqual([plain.userId, outsider.userId].sort());
    expectOk(await world.unban.execute(member, server.id, outsider.userId));
    expect(await world.stores.members.find(server.id, plain.userId)).toBeNull();
  });

  it('refuses kick, ban, unban and the ban list without the permission, even with a higher role', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const plain = await world.aMemberOf(server, owner);
    await aRoleFor(world, server, member, ['KICK_MEMBERS']);

    expect(await world.banMember.execute(member, server.id, plain.userId, {})).toEqual(missing('BAN_MEMBERS'));
    expect(await world.unban.execute(member, server.id, plain.userId)).toEqual(missing('BAN_MEMBERS'));
    expect(await world.listBans.execute(member, server.id)).toEqual(missing('BAN_MEMBERS'));
    expect(await world.kickMember.execute(plain, server.id, member.userId)).toEqual(missing('KICK_MEMBERS'));
  });
});

describe('invites and server settings by permission', () => {
  it('lets a member whose role gives CREATE_INVITE invite, but never a bot, whatever its roles', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    expect(await world.createInvite.execute(member, server.id)).toEqual(missing('CREATE_INVITE'));
    await aRoleFor(world, server, member, ['CREATE_INVITE']);
    expectOk(await world.createInvite.execute(member, server.id));

    const bot = await world.aBotIn(server, owner);
    await aRoleFor(world, server, bot, ['CREATE_INVITE']);
    expect(await world.createInvite.execute(bot, server.id)).toEqual({ ok: false, error: { kind: 'BotsCannotDoThis' } });
  });

  it("keeps membersCanInvite and @everyone's CREATE_INVITE one switch", async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const everyone = async () => (await world.stores.roles.find(server.id, server.id))!.permissions & bitOf('CREATE_INVITE');

    expectOk(await world.updateServer.execute(owner, server.id, { membersCanInvite: true }));
    expect(await everyone()).not.toBe(0);
    expectOk(await world.createInvite.execute(member, server.id));
    expectOk(await world.updateServer.execute(owner, server.id, { membersCanInvite: false }));
    expect(await everyone()).toBe(0);
    expect(await world.createInvite.execute(member, server.id)).toEqual(missing('CREATE_INVITE'));
  });

  it("lets MANAGE_SERVER list and revoke others' invites and change the server; others keep their own invites only", async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const plain = await world.aMemberOf(server, owner);
    await aRoleFor(world, server, plain, ['CREATE_INVITE']);
    const theirs = expectOk(await world.createInvite.execute(plain, server.id));
    const owners = expectOk(await world.createInvite.execute(owner, server.id));
    expect(await world.revokeInvite.execute(member, theirs.code)).toEqual(missing('MANAGE_SERVER'));
    expect(await world.updateServer.execute(member, server.id, { name: 'Renamed' })).toEqual(missing('MANAGE_SERVER'));
    expect(expectOk(await world.listInvites.execute(plain, server.id)).map((i) => i.code)).toEqual([theirs.code]);

    await aRoleFor(world, server, member, ['MANAGE_SERVER']);
    expect(expectOk(await world.listInvites.execute(member, server.id)).map((i) => i.code)).toEqual(expect.arrayContaining([theirs.code, owners.code]));
    expectOk(await world.revokeInvite.execute(member, theirs.code));
    expect(expectOk(await world.updateServer.execute(member, server.id, { name: 'Renamed' })).name).toBe('Renamed');
    // Deleting and transferring stay the owner's.
    expect(await world.deleteServer.execute(member, server.id)).toEqual({ ok: false, error: { kind: 'NotTheOwner' } });
  });
});
