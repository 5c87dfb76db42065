import { rolesLoaded } from '../src/model/roles.js';
import { membersLoaded } from '../src/model/servers.js';
import { applyAll, bob, everyone, me, member, openChannelState, role, serverState } from './model-mothers.js';

const refetch = { kind: 'fetch-channels', serverId: '10' } as const;
/** Alice (me) holds role 30; Bob holds 31; 32 is nobody's. */
const start = () =>
  openChannelState([], [serverState({ ownerId: '999', roles: [everyone(), role('30', 1), role('31', 2), role('32', 3)], members: [member(me, '10', ['30']), member(bob, '10', ['31'])] })]);
const roleIds = (state: ReturnType<typeof start>) => state.servers.get('10')?.roles?.map(({ id }) => id);

describe("the page's model: roles and who holds them", () => {
  it('keeps the roles read by position, @everyone first, and redraws the open server', () => {
    const { state, effects } = rolesLoaded(start(), '10', [role('31', 2), everyone(), role('30', 1)]);
    expect(roleIds(state)).toEqual(['10', '30', '31']);
    expect(effects).toEqual([{ kind: 'server' }]);
    const before = start();
    expect(rolesLoaded(before, '404', []).state).toBe(before);
  });

  it("takes the members read as the viewer's own roles too: the whole server panel is redrawn", () => {
    expect(membersLoaded(start(), '10', [member(me)]).effects).toEqual([{ kind: 'server' }]);
  });

  it('adds a created role in its place, and a role.updated replaces it (moved, renamed)', () => {
    const created = applyAll(start(), { type: 'role.created', data: role('33', 4, { name: 'Mods', color: 0x3498db }) });
    expect(roleIds(created.state)).toEqual(['10', '30', '31', '32', '33']);
    expect(created.effects).toEqual([{ kind: 'server' }]);
    const moved = applyAll(created.state, { type: 'role.updated', data: role('33', 1, { name: 'Mods' }) }, { type: 'role.updated', data: role('30', 2) });
    expect(roleIds(moved.state)).toEqual(['10', '33', '30', '31', '32']);
    expect(moved.state.servers.get('10')?.roles?.find(({ id }) => id === '33')).toMatchObject({ name: 'Mods', color: null, position: 1 });
  });

  it("reads the channels again when a role the viewer holds changes, @everyone's included, and not for others' roles", () => {
    expect(applyAll(start(), { type: 'role.updated', data: role('30', 1, { permissions: ['MANAGE_MESSAGES'] }) }).effects).toEqual([{ kind: 'server' }, refetch]);
    expect(applyAll(start(), { type: 'role.updated', data: everyone({ permissions: ['VIEW_CHANNEL'] }) }).effects).toEqual([{ kind: 'server' }, refetch]);
    expect(applyAll(start(), { type: 'role.updated', data: role('31', 2, { permissions: ['MANAGE_MESSAGES'] }) }).effects).toEqual([{ kind: 'server' }]);
  });

  it("ignores role events of a server whose roles are not read yet (they are read whole on opening it)", () => {
    const unread = openChannelState([], [serverState({ roles: undefined })]);
    for (const event of [
      { type: 'role.created', data: role('33', 1) },
      { type: 'role.deleted', data: { id: '30', serverId: '10' } },
    ] as const) {
      expect(applyAll(unread, event)).toEqual({ state: unread, effects: [] });
    }
  });

  it('takes a deleted role off the list and off every member holding it, reading the channels again when it was the viewer\'s', () => {
    const mine = applyAll(start(), { type: 'role.deleted', data: { id: '30', serverId: '10' } });
    expect(roleIds(mine.state)).toEqual(['10', '31', '32']);
    expect(mine.state.servers.get('10')?.members?.map(({ roleIds }) => roleIds)).toEqual([[], ['31']]);
    expect(mine.effects).toEqual([{ kind: 'server' }, refetch]);
    expect(applyAll(start(), { type: 'role.deleted', data: { id: '32', serverId: '10' } }).effects).toEqual([{ kind: 'server' }]);
  });

  it("sets a member's roles from member.updated: the viewer's own redraw the panel and read the channels, anyone else's the member list", () => {
    const bobs = applyAll(start(), { type: 'member.updated', data: { serverId: '10', userId: bob.id, roleIds: ['31', '32'] } });
    expect(bobs.state.servers.get('10')?.members?.find(({ userId }) => userId === bob.id)?.roleIds).toEqual(['31', '32']);
    expect(bobs.effects).toEqual([{ kind: 'members' }]);
    const mine = applyAll(start(), { type: 'member.updated', data: { serverId: '10', userId: me.id, roleIds: [] } });
    expect(mine.state.servers.get('10')?.members?.[0]?.roleIds).toEqual([]);
    expect(mine.effects).toEqual([{ kind: 'server' }, refetch]);
  });

  it('only redraws, and reads nothing, for a server that is not open', () => {
    const elsewhere = { ...start(), serverId: '77', channelId: undefined };
    expect(applyAll(elsewhere, { type: 'member.updated', data: { serverId: '10', userId: me.id, roleIds: [] } }).effects).toEqual([]);
    expect(applyAll(elsewhere, { type: 'role.updated', data: role('30', 1) }).effects).toEqual([]);
  });
});
