import { channelClosed, channelsLoaded, channelsReading } from '../src/model/channels.js';
import type { ChatState } from '../src/model/state.js';
import { applyAll, channel, listed, message, openChannelState, serverState } from './model-mothers.js';

const refetch = { kind: 'fetch-channels', serverId: '10' } as const;
const general = listed();
const random = listed({ id: '12', name: 'random' });
/** The server open on #random (not its default channel, #general), with one message loaded. */
const onRandom = (): ChatState => ({ ...openChannelState([message('1', { channelId: '12' })], [serverState({ channels: [general, random] })]), channelId: '12' });
const reading = (state: ChatState) => channelsReading(state, '10').state;
const namesIn = (state: ChatState) => state.servers.get('10')?.channels.map(({ name }) => name);

describe("the page's model: the channel list and its events", () => {
  it('shows each answer as it comes, but never one older than the answer shown (answers may come back out of order)', () => {
    const twice = reading(reading(onRandom()));
    const first = channelsLoaded(twice, '10', [general, random], 1);
    expect(namesIn(first.state)).toEqual(['general', 'random']);
    expect(first.effects).toEqual([{ kind: 'server' }, { kind: 'channel-header' }]);
    const newest = channelsLoaded(first.state, '10', [general, random, listed({ id: '13', name: 'new' })], 2);
    expect(namesIn(newest.state)).toEqual(['general', 'random', 'new']);
    expect(channelsLoaded(newest.state, '10', [general], 1).state).toBe(newest.state);
    // The newer answer first: the older one that follows is dropped.
    const outOfOrder = channelsLoaded(twice, '10', [general, random, listed({ id: '13', name: 'new' })], 2).state;
    expect(channelsLoaded(outOfOrder, '10', [general, random], 1).state).toBe(outOfOrder);
    expect(channelsLoaded(outOfOrder, '10', [general, random], 2).state).toBe(outOfOrder);
  });

  it("redraws every message when the open channel's permissions changed (Delete, reactions), and only the panel otherwise", () => {
    const moderator = channelsLoaded(reading(onRandom()), '10', [general, listed({ ...random, permissions: [...random.permissions, 'MANAGE_MESSAGES'] })], 1);
    expect(moderator.effects).toEqual([{ kind: 'server' }, { kind: 'channel-header' }, { kind: 'every-message' }]);
  });

  it('closes the open channel when it left the list, says so, and opens the default one', () => {
    const { state, effects } = channelsLoaded(reading(onRandom()), '10', [general], 1);
    expect(state).toMatchObject({ channelId: undefined, messages: [], opening: onRandom().opening + 1 });
    expect(effects).toEqual([{ kind: 'status', text: 'You can no longer see #random' }, { kind: 'channel' }, { kind: 'server' }, { kind: 'open-channel', channelId: '11' }]);
    const none = channelsLoaded(reading(onRandom()), '10', [], 1);
    expect(none.effects).toEqual([{ kind: 'status', text: 'You can no longer see #random' }, { kind: 'channel' }, { kind: 'server' }]);
  });

  it("keeps another server's list quietly, and ignores a server that is gone", () => {
    const elsewhere = { ...onRandom(), serverId: '77', channelId: undefined };
    const loaded = channelsLoaded(reading(elsewhere), '10', [general], 1);
    expect(namesIn(loaded.state)).toEqual(['general']);
    expect(loaded.effects).toEqual([]);
    expect(channelsReading(elsewhere, '404').state).toBe(elsewhere);
    expect(channelsLoaded(elsewhere, '404', [], 0).state).toBe(elsewhere);
  });

  it('reads the open server\'s list again on channel.created and channel.updated, and lists nothing from them (they carry no permissions)', () => {
    const created = applyAll(onRandom(), { type: 'channel.created', data: channel({ id: '13', name: 'secret' }) });
    expect(namesIn(created.state)).toEqual(['general', 'random']);
    expect(created.effects).toEqual([refetch]);
    expect(applyAll(onRandom(), { type: 'channel.updated', data: channel({ id: '12', name: 'renamed' }) }).effects).toEqual([refetch]);
    const elsewhere = { ...onRandom(), serverId: '77' };
    expect(applyAll(elsewhere, { type: 'channel.created', data: channel({ id: '13' }) }).effects).toEqual([]);
    expect(applyAll(onRandom(), { type: 'channel.created', data: channel({ id: '13', serverId: '404' }) }).effects).toEqual([]);
  });

  it('takes a deleted channel off the list at once; the open one closes and the default one opens', () => {
    const other = applyAll(onRandom(), { type: 'channel.deleted', data: { id: '11', serverId: '10' } });
    expect(namesIn(other.state)).toEqual(['random']);
    expect(other.state.channelId).toBe('12');
    expect(other.effects).toEqual([{ kind: 'channels' }, refetch]);
    const open = applyAll(onRandom(), { type: 'channel.deleted', data: { id: '12', serverId: '10' } });
    expect(open.state).toMatchObject({ channelId: undefined, messages: [] });
    expect(open.effects).toEqual([{ kind: 'status', text: '#random was deleted' }, { kind: 'channel' }, { kind: 'server' }, { kind: 'open-channel', channelId: '11' }, refetch]);
    const elsewhere = applyAll({ ...onRandom(), serverId: '77' }, { type: 'channel.deleted', data: { id: '12', serverId: '10' } });
    expect(namesIn(elsewhere.state)).toEqual(['general']);
    expect(elsewhere.effects).toEqual([]);
  });

  it('closes the channel panel when the server has no channel this viewer can see, dropping a page on its way', () => {
    const { state, effects } = channelClosed(onRandom());
    expect(state).toMatchObject({ channelId: undefined, messages: [], opening: onRandom().opening + 1 });
    expect(effects).toEqual([{ kind: 'channel' }]);
  });
});
