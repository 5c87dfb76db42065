import { membersLoaded, ready, serverAdded } from '../src/model/servers.js';
import { sessionEnded, signedIn, signedOut } from '../src/model/state.js';
import { applyAll, bob, channel, listed, me, member, message, openChannelState, server, serverState } from './model-mothers.js';

describe("the page's model: servers, channels and members", () => {
  it("leaves ready's channels aside (they carry no permissions), keeps what was read of a known server, and opens the first server", () => {
    const known = signedIn(signedOut, me);
    const withRead = { ...known, servers: new Map([['10', serverState({ channelReads: 3, channelsShown: 2 })]]) };
    const listedServer = { ...server({ id: '20', name: 'Big' }) };
    const { state, effects } = ready(withRead, { user: me, cursor: 'c', reason: 'connect', privateChannels: [], readStates: [], presences: [], servers: [listedServer, { ...server(), channels: [channel({ id: '99', name: 'hidden-to-me' })] }] });
    expect(state.servers.get('20')).toMatchObject({ channels: [], channelReads: 0, channelsShown: 0, members: undefined, roles: undefined });
    expect(state.servers.get('10')).toMatchObject({ channels: [listed()], channelReads: 3, channelsShown: 2, members: serverState().members, roles: serverState().roles });
    expect(state.servers.get('10')?.channels.map(({ id }) => id)).toEqual(['11']);
    expect(effects).toEqual([{ kind: 'status', text: 'Connected' }, { kind: 'me' }, { kind: 'servers' }, { kind: 'conversations' }, { kind: 'open-server', serverId: '20', action: 'Opening the server' }]);
  });

  it('fetches the open server again after a ready that could not resume, and keeps its members', () => {
    const open = openChannelState();
    const { state, effects } = ready(open, { user: me, cursor: 'c', reason: 'invalid_session', privateChannels: [], readStates: [], presences: [], servers: [{ ...server(), channels: [channel()] }] });
    expect(state.servers.get('10')?.members).toEqual(open.servers.get('10')?.members);
    expect(effects).toContainEqual({ kind: 'open-server', serverId: '10', channelId: '11', action: 'Catching up' });
  });

  it('drops the server when this person leaves it, is removed or banned, and says so', () => {
    const { state, effects } = applyAll(openChannelState(), { type: 'member.left', data: { serverId: '10', userId: me.id, reason: 'kick' } });
    expect(state.servers.size).toBe(0);
    expect(state).toMatchObject({ serverId: undefined, channelId: undefined });
    expect(effects).toEqual([{ kind: 'status', text: 'You were removed from Home' }, { kind: 'servers' }, { kind: 'server' }]);
    const left = applyAll(openChannelState(), { type: 'member.left', data: { serverId: '10', userId: me.id, reason: 'leave' } });
    expect(left.effects).toEqual([{ kind: 'servers' }, { kind: 'server' }]);
  });

  it("takes someone else's leaving off the member list", () => {
    const { state, effects } = applyAll(openChannelState(), { type: 'member.left', data: { serverId: '10', userId: bob.id, reason: 'kick' } });
    expect(state.servers.get('10')?.members).toEqual([member(me)]);
    expect(effects).toEqual([{ kind: 'members' }]);
  });

  it('lists a member.joined once, and reads the server this account joined in another tab', () => {
    const carol = { id: '300', username: 'carol' };
    const first = applyAll(openChannelState(), { type: 'member.joined', data: member(carol) });
    // No event says what a newcomer shows: the open server's list is read again with it, soon.
    expect(first.effects).toEqual([{ kind: 'members' }, { kind: 'fetch-members-soon', serverId: '10' }]);
    const joined = applyAll(first.state, { type: 'member.joined', data: member(carol) });
    expect(joined.state.servers.get('10')?.members).toEqual([member(me), member(bob), member(carol)]);
    const elsewhere = applyAll(openChannelState(), { type: 'member.joined', data: member(me, '77') });
    expect(elsewhere.effects).toEqual([{ kind: 'fetch-server', serverId: '77' }]);
    const unread = applyAll(openChannelState([], [serverState({ members: undefined })]), { type: 'member.joined', data: member(carol) });
    expect(unread.effects).toEqual([{ kind: 'fetch-members', serverId: '10' }]);
  });

  it('reads the channels again when server.updated changes the owner (who holds every permission), and only redraws otherwise', () => {
    const start = openChannelState([message('1')]);
    const handedOver = applyAll(start, { type: 'server.updated', data: server({ ownerId: bob.id }) });
    expect(handedOver.state.servers.get('10')).toMatchObject({ ownerId: bob.id, channels: [listed()] });
    expect(handedOver.effects).toEqual([{ kind: 'servers' }, { kind: 'server' }, { kind: 'fetch-channels', serverId: '10' }]);
    const renamed = applyAll(start, { type: 'server.updated', data: server({ name: 'Renamed' }) });
    expect(renamed.effects).toEqual([{ kind: 'servers' }, { kind: 'server' }]);
  });

  it('forgets a deleted server, saying so', () => {
    const deleted = applyAll(openChannelState(), { type: 'server.deleted', data: { serverId: '10' } });
    expect(deleted.state.servers.size).toBe(0);
    expect(deleted.effects[0]).toEqual({ kind: 'status', text: 'Home was deleted' });
  });

  it('keeps the first copy of a server added twice, and members read for a server that is gone change nothing', () => {
    const start = openChannelState();
    expect(serverAdded(start, server({ name: 'Other copy' })).state).toBe(start);
    expect(serverAdded(start, server({ id: '20' })).state.servers.get('20')).toMatchObject({ id: '20', channels: [], channelReads: 0 });
    expect(membersLoaded(start, '404', []).state).toBe(start);
  });

  it("forgets the last person's view at the end of a session, but not the count of fetches on their way", () => {
    const busy = { ...openChannelState([message('1')]), loads: 1, opening: 4 };
    expect(sessionEnded(busy)).toEqual({ ...signedOut, loads: 1, opening: 4 });
  });
});
