import { ALL_PERMISSIONS, bitsOf, EVERYONE_DEFAULT } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aServerWithCast, grant, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

describe('ListChannels', () => {
  it("returns the default channel of a new server, with the caller's permissions there", async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const general = { id: server.defaultChannelId, serverId: server.id, name: 'general', topic: null, position: 0, permissionOverwrites: [], createdAt: server.createdAt };

    expect(await world.listChannels.execute(member, server.id)).toEqual({ ok: true, value: [{ ...general, permissions: EVERYONE_DEFAULT }] });
    expect(await world.listChannels.execute(owner, server.id)).toEqual({ ok: true, value: [{ ...general, permissions: ALL_PERMISSIONS }] });
  });

  it('lists by position, then id', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const a = expectOk(await world.createChannel.execute(owner, server.id, { name: 'a' }));
    const b = expectOk(await world.createChannel.execute(owner, server.id, { name: 'b' }));
    expectOk(await world.updateChannel.execute(owner, a.id, { position: 5 }));
    expectOk(await world.updateChannel.execute(owner, server.defaultChannelId, { position: 2 }));

    expect(expectOk(await world.listChannels.execute(member, server.id)).map((c) => c.id)).toEqual([server.defaultChannelId, b.id, a.id]);
  });

  it('leaves out the channels the caller cannot view, and shows each one what it may do', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const hidden = expectOk(await world.createChannel.execute(owner, server.id, { name: 'leads' }));
    const quiet = expectOk(await world.createChannel.execute(owner, server.id, { name: 'announcements' }));
    expectOk(await world.setChannelOverwrite.execute(owner, hidden.id, server.id, { type: 'role', allow: [], deny: ['VIEW_CHANNEL'] }));
    expectOk(await world.setChannelOverwrite.execute(owner, quiet.id, server.id, { type: 'role', allow: [], deny: ['SEND_MESSAGES'] }));

    const seen = expectOk(await world.listChannels.execute(member, server.id));

    expect(seen.map((c) => [c.name, c.permissions])).toEqual([
      ['general', EVERYONE_DEFAULT],
      ['announcements', EVERYONE_DEFAULT & ~bitsOf(['SEND_MESSAGES'])],
    ]);
    expect(expectOk(await world.listChannels.execute(owner, server.id)).map((c) => c.name)).toEqual(['general', 'leads', 'announcements']);
  });

  it('shows a hidden channel to a member whose role or own overwrite allows it', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const leads = expectOk(await world.createChannel.execute(owner, server.id, { name: 'leads' }));
    expectOk(await world.setChannelOverwrite.execute(owner, leads.id, server.id, { type: 'role', allow: [], deny: ['VIEW_CHANNEL'] }));
    const roleId = await grant(world, server, member, []);
    const names = async () => expectOk(await world.listChannels.execute(member, server.id)).map((c) => c.name);
    expect(await names()).toEqual(['general']);

    expectOk(await world.setChannelOverwrite.execute(owner, leads.id, roleId, { type: 'role', allow: ['VIEW_CHANNEL'], deny: [] }));
    expect(await names()).toEqual(['general', 'leads']);

    expectOk(await world.setChannelOverwrite.execute(owner, leads.id, member.userId, { type: 'member', allow: [], deny: ['VIEW_CHANNEL'] }));
    expect(await names()).toEqual(['general']);
  });

  it('fills a page with visible channels, reading past hidden ones', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const made = [];
    for (const name of ['h1', 'v1', 'h2', 'h3', 'v2']) made.push(expectOk(await world.createChannel.execute(owner, server.id, { name })));
    for (const channel of made.filter((c) => c.name.startsWith('h'))) {
      expectOk(await world.setChannelOverwrite.execute(owner, channel.id, server.id, { type: 'role', allow: [], deny: ['VIEW_CHANNEL'] }));
    }

    const first = expectOk(await world.listChannels.execute(member, server.id, { limit: 2 }));
    const second = expectOk(await world.listChannels.execute(member, server.id, { limit: 2, after: first.at(-1)!.id }));

    expect(first.map((c) => c.name)).toEqual(['general', 'v1']);
    expect(second.map((c) => c.name)).toEqual(['v2']);
  });

  it('returns every channel of the server, oldest first', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const random = expectOk(await world.createChannel.execute(owner, server.id, { name: 'random' }));
    const links = expectOk(await world.createChannel.execute(owner, server.id, { name: 'links' }));

    const channels = expectOk(await world.listChannels.execute(member, server.id));

    expect(channels.map((c) => c.id)).toEqual([server.defaultChannelId, random.id, links.id]);
  });

  it('leaves out the channels of other servers', async () => {
    const { world, owner, server } = await aServerWithCast();
    const other = await world.aServer(owner, 'Other');

    const channels = expectOk(await world.listChannels.execute(owner, server.id));

    expect(channels.map((c) => c.id)).toEqual([server.defaultChannelId]);
    expect(channels.map((c) => c.id)).not.toContain(other.defaultChannelId);
  });

  it('returns NotAMember when the caller is not in the server', async () => {
    const { world, outsider, server } = await aServerWithCast();

    expect(await world.listChannels.execute(outsider, server.id)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns ServerNotFound for the server id %j', async (serverId) => {
    const { world, owner } = await aServerWithCast();

    expect(await world.listChannels.execute(owner, serverId)).toEqual({ ok: false, error: { kind: 'ServerNotFound' } });
  });
});
