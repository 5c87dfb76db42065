import { eventFromJson, eventJson } from '@chat/contract';
import { serverUpdated } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

describe('UpdateServer', () => {
  it('renames the server (trimmed) and sets its pictures, with server.updated in the same change', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const before = world.events().length;

    const updated = expectOk(await world.updateServer.execute(owner, server.id, { name: '  Book club  ', avatar: 'https://cdn.example.com/a.png' }));

    expect(updated).toEqual({ ...server, name: 'Book club', avatar: 'https://cdn.example.com/a.png' });
    expect(world.events().slice(before)).toEqual([serverUpdated(updated)]);
    expect(expectOk(await world.getServer.execute(member, server.id))).toEqual(updated);
    // Clearing one picture leaves the rest as it was.
    expect(expectOk(await world.updateServer.execute(owner, server.id, { avatar: null }))).toEqual({ ...updated, avatar: null });
  });

  it('is for the owner only, and changes nothing otherwise', async () => {
    const { world, member, outsider, server } = await aServerWithCast();
    expect(await world.updateServer.execute(member, server.id, { name: 'Mine now' })).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_SERVER' } });
    expect(await world.updateServer.execute(outsider, server.id, { name: 'Mine now' })).toEqual({ ok: false, error: { kind: 'NotAMember' } });
    for (const serverId of [UNKNOWN_ID, MALFORMED_ID]) {
      expect(await world.updateServer.execute(member, serverId, { name: 'x' })).toEqual({ ok: false, error: { kind: 'ServerNotFound' } });
    }
    expect(expectOk(await world.getServer.execute(member, server.id)).name).toBe(server.name);
  });

  it('refuses a bad name, a picture that is not an https URL or is too long, and an empty change, all at once', async () => {
    const { world, owner, server } = await aServerWithCast();
    const refused = await world.updateServer.execute(owner, server.id, { name: '   ', avatar: 'http://cdn.example.com/a.png', banner: `https://x.io/${'a'.repeat(2040)}` });
    expect(refused).toEqual({
      ok: false,
      error: {
        kind: 'ValidationFailed',
        issues: [
          { path: 'name', message: expect.any(String) },
          { path: 'avatar', message: "must be an https URL, an uploaded image's id, or null" },
          { path: 'banner', message: 'must be at most 2048 characters' },
        ],
      },
    });
    for (const bad of ['javascript:alert(1)', 'https://', 'https://exa mple.com/a.png', 'https://user@evil.example/a.png', 'https://x.io/"><script>']) {
      expect((await world.updateServer.execute(owner, server.id, { avatar: bad })).ok).toBe(false);
    }
    expect(await world.updateServer.execute(owner, server.id, {})).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: '', message: 'must change at least one of name, avatar, banner, membersCanInvite, defaultChannelId' }] },
    });
  });

  it('carries the server in its REST shape on the wire, and reads it back', async () => {
    const { world, owner, server } = await aServerWithCast();
    const updated = expectOk(await world.updateServer.execute(owner, server.id, { banner: 'https://cdn.example.com/b.png', membersCanInvite: true }));
    expect(updated.membersCanInvite).toBe(true);
    const { t, d } = eventJson(serverUpdated(updated));
    expect(eventFromJson(t, JSON.parse(JSON.stringify(d)))).toEqual(serverUpdated(updated));
  });

  it('names another channel of the server its default, with server.updated carrying it', async () => {
    const { world, owner, server } = await aServerWithCast();
    const lobby = expectOk(await world.createChannel.execute(owner, server.id, { name: 'lobby' }));
    const before = world.events().length;

    const updated = expectOk(await world.updateServer.execute(owner, server.id, { defaultChannelId: lobby.id }));

    expect(updated).toEqual({ ...server, defaultChannelId: lobby.id });
    expect(world.events().slice(before)).toEqual([serverUpdated(updated)]);
  });

  it('refuses as a default a channel of another server, an unknown one or a malformed id', async () => {
    const { world, owner, server } = await aServerWithCast();
    const other = await world.aServer(owner, 'Other');
    const issues = [{ path: 'defaultChannelId', message: 'is not a channel of this server' }];

    for (const defaultChannelId of [other.defaultChannelId, UNKNOWN_ID, MALFORMED_ID]) {
      expect(await world.updateServer.execute(owner, server.id, { defaultChannelId })).toEqual({ ok: false, error: { kind: 'ValidationFailed', issues } });
    }
    expect(expectOk(await world.getServer.execute(owner, server.id)).defaultChannelId).toBe(server.defaultChannelId);
  });
});
