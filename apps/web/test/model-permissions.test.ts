import { ALL_PERMISSIONS, powersOf, rankOf, serverPermissions } from '../src/model/permissions.js';
import { privateChannelOverwrites } from '../src/model/private-channel.js';
import { bob, everyone, listed, me, member, openChannelState, role, serverState } from './model-mothers.js';

const sorted = (set: ReadonlySet<string>) => [...set].sort();

describe("the page's model: what the viewer may do", () => {
  it('gives the owner every permission, before the roles are read too', () => {
    expect(sorted(serverPermissions(serverState(), me.id))).toEqual([...ALL_PERMISSIONS].sort());
    expect(sorted(serverPermissions(serverState({ roles: undefined }), me.id))).toEqual([...ALL_PERMISSIONS].sort());
  });

  it("gives anyone else @everyone's permissions and their roles', and nothing before the roles are read", () => {
    const mods = role('30', 1, { permissions: ['KICK_MEMBERS', 'MANAGE_MESSAGES'] });
    const other = role('31', 2, { permissions: ['BAN_MEMBERS'] });
    const server = serverState({ ownerId: '999', roles: [everyone({ permissions: ['VIEW_CHANNEL', 'CREATE_INVITE'] }), mods, other], members: [member(me, '10', ['30']), member(bob)] });
    expect(sorted(serverPermissions(server, me.id))).toEqual(['CREATE_INVITE', 'KICK_MEMBERS', 'MANAGE_MESSAGES', 'VIEW_CHANNEL']);
    expect(sorted(serverPermissions(server, bob.id))).toEqual(['CREATE_INVITE', 'VIEW_CHANNEL']);
    // Not (yet) on the member list: @everyone's only.
    expect(sorted(serverPermissions(server, '555'))).toEqual(['CREATE_INVITE', 'VIEW_CHANNEL']);
    expect(serverPermissions({ ...server, roles: undefined }, me.id).size).toBe(0);
    expect(serverPermissions(undefined, me.id).size).toBe(0);
    expect(serverPermissions(server, undefined).size).toBe(0);
  });

  it('gives ADMINISTRATOR every permission', () => {
    const admins = role('30', 1, { permissions: ['ADMINISTRATOR'] });
    const server = serverState({ ownerId: '999', roles: [everyone(), admins], members: [member(me, '10', ['30'])] });
    expect(serverPermissions(server, me.id).size).toBe(ALL_PERMISSIONS.length);
  });

  it("ranks the owner above all and anyone else at their highest role's position", () => {
    const server = serverState({ roles: [everyone(), role('30', 1), role('31', 2)], members: [member(me), member(bob, '10', ['31', '30']), member({ id: '300', username: 'carol' })] });
    expect(rankOf(server, me.id)).toBe(Number.POSITIVE_INFINITY);
    expect(rankOf(server, bob.id)).toBe(2);
    expect(rankOf(server, '300')).toBe(0);
  });

  it("takes the open channel's permissions from the channel list, and the server-wide ones from the roles", () => {
    const state = openChannelState([], [serverState({ ownerId: '999', channels: [listed({ permissions: ['VIEW_CHANNEL'] })] })]);
    const powers = powersOf(state);
    expect(sorted(powers.channel)).toEqual(['VIEW_CHANNEL']);
    expect(sorted(powers.server)).toEqual(['ADD_REACTIONS', 'ATTACH_FILES', 'SEND_MESSAGES', 'VIEW_CHANNEL']);
    expect(powers.rank).toBe(0);
    expect(powersOf({ ...state, channelId: undefined }).channel.size).toBe(0);
  });
});

describe('making a new channel private', () => {
  const everyoneDenied = { id: '10', type: 'role', allow: [], deny: ['VIEW_CHANNEL'] };

  it('denies @everyone VIEW_CHANNEL, and nothing more for the owner or an administrator (overwrites do not apply to them)', () => {
    expect(privateChannelOverwrites('10', me.id, new Set(ALL_PERMISSIONS))).toEqual([everyoneDenied]);
  });

  it("allows anyone else's own VIEW_CHANNEL and SEND_MESSAGES, so they never lose sight of it, and denies @everyone", () => {
    const held = new Set(['VIEW_CHANNEL', 'SEND_MESSAGES', 'MANAGE_CHANNELS', 'MANAGE_ROLES'] as const);
    expect(privateChannelOverwrites('10', bob.id, held)).toEqual([{ id: bob.id, type: 'member', allow: ['VIEW_CHANNEL', 'SEND_MESSAGES'], deny: [] }, everyoneDenied]);
  });

  it('allows the creator only what they hold (one grants only that)', () => {
    const held = new Set(['VIEW_CHANNEL', 'MANAGE_CHANNELS', 'MANAGE_ROLES'] as const);
    expect(privateChannelOverwrites('10', bob.id, held)[0]).toEqual({ id: bob.id, type: 'member', allow: ['VIEW_CHANNEL'], deny: [] });
  });
});
