import { bitsOf, channelGained, channelHidden, type ChatEvent } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aServerWithCast } from '../../helpers';
import { aRoleFor } from '../../roles';

/*
 * Every change that moves who sees a channel writes, with it, who lost sight (`channel.deleted` for
 * them, before the change's own event) and who gained it (`channel.created`, after); a join or a new
 * channel keeps members out of what they cannot see (`channel.hidden`, before the event that lets
 * them in). The gateway sends each member the events of exactly the channels they see from these.
 */

const personal = (events: readonly ChatEvent[]) =>
  events.flatMap((e) => (e.type === 'channel.shown' ? [`${e.type} ${e.channel.id} ${e.viewerId}`] : e.type === 'channel.lost' || e.type === 'channel.hidden' ? [`${e.type} ${e.channelId} ${e.viewerId}`] : [e.type]));

async function aPrivateChannel() {
  const cast = await aServerWithCast();
  const { world, owner, member, server } = cast;
  const leads = expectOk(await world.createChannel.execute(owner, server.id, { name: 'leads' }));
  const role = await aRoleFor(world, server, member, []);
  expectOk(await world.setChannelOverwrite.execute(owner, leads.id, server.id, { type: 'role', allow: [], deny: ['VIEW_CHANNEL'] }));
  expectOk(await world.setChannelOverwrite.execute(owner, leads.id, role, { type: 'role', allow: ['VIEW_CHANNEL'], deny: [] }));
  return { ...cast, leads, role, since: world.events().length };
}

describe('who sees which channel, as changes write it', () => {
  it('a role taken away: the member loses sight before member.updated; given back, gains it after', async () => {
    const { world, owner, member, server, leads, role, since } = await aPrivateChannel();

    expectOk(await world.removeMemberRole.execute(owner, server.id, member.userId, role));
    expectOk(await world.addMemberRole.execute(owner, server.id, member.userId, role));

    expect(personal(world.events().slice(since))).toEqual([
      `channel.lost ${leads.id} ${member.userId}`,
      'member.updated',
      'member.updated',
      `channel.shown ${leads.id} ${member.userId}`,
    ]);
    expect(world.events().at(-1)).toEqual(channelGained((await world.stores.channels.findById(leads.id))!, member.userId));
  });

  it('a role’s permissions, or the role deleted, move its holders’ sight', async () => {
    const { world, owner, member, server, leads, role, since } = await aPrivateChannel();
    expectOk(await world.updateRole.execute(owner, server.id, server.id, { permissions: [] }));
    const afterEveryone = world.events().length;
    expectOk(await world.deleteRole.execute(owner, server.id, role));

    // Without VIEW_CHANNEL on @everyone the member sees only what the role's overwrite opens to them.
    const general = server.defaultChannelId;
    expect(personal(world.events().slice(since, afterEveryone))).toEqual([`channel.lost ${general} ${member.userId}`, 'role.updated']);
    expect(personal(world.events().slice(afterEveryone))).toEqual([`channel.lost ${leads.id} ${member.userId}`, 'role.deleted']);
  });

  it('a newcomer is kept out of what they cannot see before their member.joined, and told nothing of it', async () => {
    const { world, owner, server, leads, since } = await aPrivateChannel();

    const newcomer = await world.aMemberOf(server, owner);

    expect(world.events().slice(since)).toEqual([channelHidden(server.id, leads.id, newcomer.userId), expect.objectContaining({ type: 'member.joined' })]);
  });

  it('a new channel is hidden first from the members who lack VIEW_CHANNEL server-wide', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    expectOk(await world.updateRole.execute(owner, server.id, server.id, { permissions: [] }));
    const since = world.events().length;

    const created = expectOk(await world.createChannel.execute(owner, server.id, { name: 'later' }));

    expect(world.events().slice(since)).toEqual([channelHidden(server.id, created.id, member.userId), expect.objectContaining({ type: 'channel.created' })]);
  });

  it('a channel made private from its first moment is hidden from those it shuts out before it is announced', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const since = world.events().length;

    const created = expectOk(
      await world.createChannel.execute(owner, server.id, { name: 'leads', permissionOverwrites: [{ id: server.id, type: 'role', allow: [], deny: ['VIEW_CHANNEL'] }] }),
    );

    expect(world.events().slice(since)).toEqual([channelHidden(server.id, created.id, member.userId), expect.objectContaining({ type: 'channel.created' })]);
    expect(created.permissionOverwrites).toEqual([{ id: server.id, type: 'role', allow: 0, deny: bitsOf(['VIEW_CHANNEL']) }]);
  });

  it('a transfer: the heir sees everything, the former owner what their roles let them', async () => {
    const { world, owner, member, server, leads, since } = await aPrivateChannel();
    await world.stores.roles.unassign(server.id, member.userId, (await world.stores.roles.roleIdsOf(server.id, member.userId))[0]!);

    expectOk(await world.transferServer.execute(owner, server.id, { userId: member.userId }));

    expect(personal(world.events().slice(since))).toEqual([`channel.lost ${leads.id} ${owner.userId}`, 'server.updated', `channel.shown ${leads.id} ${member.userId}`]);
  });

  it('writes nothing more where nobody’s sight changed', async () => {
    const { world, owner, server, leads, since } = await aPrivateChannel();

    expectOk(await world.setChannelOverwrite.execute(owner, leads.id, server.id, { type: 'role', allow: [], deny: ['VIEW_CHANNEL', 'ADD_REACTIONS'] }));
    expectOk(await world.updateRole.execute(owner, server.id, server.id, { permissions: ['VIEW_CHANNEL'] }));

    expect(personal(world.events().slice(since)).filter((line) => line.includes(' '))).toEqual([]);
  });
});
