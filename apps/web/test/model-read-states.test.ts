import { channelOpened, loadEnded, loadStarted } from '../src/model/events.js';
import { addMessages } from '../src/model/messages.js';
import { firstNewId, firstPageShown, readStatesLoaded, unreadIn, unreadInServer } from '../src/model/read-states.js';
import { ready } from '../src/model/servers.js';
import type { ChatState, ReadState } from '../src/model/state.js';
import { applyAll, bob, conversation, everyone, listed, me, member, message, openChannelState, role, server, serverState } from './model-mothers.js';

const read = (channelId: string, overrides: Partial<ReadState> = {}): ReadState => ({ channelId, serverId: '10', lastReadMessageId: '1', unreadCount: 1, mentionCount: 0, ...overrides });
/** Server 10 open on #general (11), with #news (12); server 20 not open, where this person holds role 21. */
function world(readStates: ReadState[] = [], messages = [message('1')]): ChatState {
  const home = serverState({ channels: [listed(), listed({ id: '12', name: 'news' })] });
  const other = serverState({ id: '20', name: 'Other', members: [member(me, '20', ['21'])], roles: [everyone({ id: '20', serverId: '20' }), role('21', 1, { serverId: '20' })], channels: [] });
  return { ...openChannelState(messages, [home, other]), readStates: new Map(readStates.map((each) => [each.channelId, each])) };
}
const created = (id: string, channelId: string, serverId: string | undefined, overrides = {}) => ({ type: 'message.created' as const, data: { ...message(id, { channelId, ...overrides }), ...(serverId ? { serverId } : {}) } });

describe("the page's model: read states", () => {
  it('keeps what the API lists as unread, and shows a dot or the mentions everywhere but on the open channel; a server sums its channels', () => {
    const { state, effects } = readStatesLoaded(world(), [read('11'), read('12', { mentionCount: 2 }), read('13', { unreadCount: 0 }), read('22', { serverId: '20', mentionCount: 999 }), read('23', { serverId: '20', mentionCount: 5 })]);
    expect([...state.readStates.keys()]).toEqual(['11', '12', '22', '23']);
    expect(unreadIn(state, '11')).toEqual({ unread: false, mentions: 0 });
    expect(unreadIn(state, '12')).toEqual({ unread: true, mentions: 2 });
    expect(unreadInServer(state, '10')).toEqual({ unread: true, mentions: 2 });
    expect(unreadInServer(state, '20')).toEqual({ unread: true, mentions: 1000 });
    // The open channel had something unread: it is marked read once in view.
    expect(effects).toEqual([{ kind: 'servers' }, { kind: 'channels' }, { kind: 'conversations' }, { kind: 'mark-read' }]);
  });

  it("takes ready's read states and presences", () => {
    const { state } = ready(world(), { user: me, cursor: 'c', reason: 'connect', servers: [{ ...server(), channels: [] }], privateChannels: [], readStates: [read('12')], presences: [{ userId: bob.id, status: 'idle' }] });
    expect([...state.readStates.keys()]).toEqual(['12']);
    expect(state.presences.get(bob.id)).toBe('idle');
  });

  it("counts someone else's message as unread, a mention when it names this person, a role of theirs in its server, or everyone; up to 1000", () => {
    const once = applyAll(world(), created('5', '12', '10'));
    expect(once.state.readStates.get('12')).toEqual({ channelId: '12', serverId: '10', lastReadMessageId: null, unreadCount: 1, mentionCount: 0 });
    // The dot is new: the lists that show it are drawn again; a second message changes nothing they show.
    expect(once.effects.filter(({ kind }) => kind !== 'announce')).toEqual([{ kind: 'servers' }, { kind: 'channels' }]);
    expect(applyAll(once.state, created('6', '12', '10')).effects).toEqual([]);
    const mentions = applyAll(world(), created('5', '22', '20', { mentionRoles: ['21'] }), created('6', '22', '20', { mentions: [me.id] }), created('7', '22', '20', { mentionEveryone: true }), created('8', '22', '20', { mentionRoles: ['10'] }));
    expect(mentions.state.readStates.get('22')).toMatchObject({ unreadCount: 4, mentionCount: 3 });
    const full = world([read('12', { unreadCount: 1000, mentionCount: 1000 })]);
    expect(applyAll(full, created('5', '12', '10', { mentions: [me.id] })).state.readStates.get('12')).toMatchObject({ unreadCount: 1000, mentionCount: 1000 });
  });

  it("clears a channel on this person's own message (its send marked it read), and ignores one not after the marker", () => {
    const unread = world([read('12', { lastReadMessageId: '50' })]);
    const own = applyAll(unread, created('60', '12', '10', { author: me }));
    expect(own.state.readStates.has('12')).toBe(false);
    expect(own.effects).toEqual([{ kind: 'servers' }, { kind: 'channels' }]);
    expect(applyAll(unread, created('40', '12', '10')).state.readStates.get('12')).toEqual(read('12', { lastReadMessageId: '50' }));
  });

  it('counts a message in a conversation, and asks for the open channel to be marked read once a message in it shows', () => {
    const inTalk = applyAll(world(), created('5', '500', undefined, { mentions: [me.id] }));
    expect(inTalk.state.readStates.get('500')).toMatchObject({ serverId: null, unreadCount: 1, mentionCount: 1 });
    expect(inTalk.effects).toContainEqual({ kind: 'conversations' });
    expect(applyAll(world(), created('5', '11', '10')).effects[0]).toEqual({ kind: 'mark-read' });
  });

  it('counts what is left in the open channel from the messages it shows when it is marked; elsewhere takes the mentions and reads the counts again', () => {
    const shown = [message('1'), message('2', { mentions: [me.id] }), message('3', { author: me }), message('4', { mentions: [me.id] })];
    const open = world([read('11', { unreadCount: 3, mentionCount: 2 }), read('12', { unreadCount: 4, mentionCount: 2 })], shown);
    const marked = (lastReadMessageId: string, channelId = '11', mentionCount = 0) => applyAll(open, { type: 'read_state.updated', data: { channelId, lastReadMessageId, mentionCount } });
    expect(marked('4').state.readStates.has('11')).toBe(false);
    expect(marked('2').state.readStates.get('11')).toMatchObject({ lastReadMessageId: '2', unreadCount: 1, mentionCount: 1 });
    const elsewhere = marked('9', '12', 0);
    expect(elsewhere.state.readStates.get('12')).toMatchObject({ lastReadMessageId: '9', unreadCount: 4, mentionCount: 0 });
    expect(elsewhere.effects).toEqual([{ kind: 'servers' }, { kind: 'channels' }, { kind: 'fetch-read-states' }]);
    // Never backwards, and nothing for a channel with nothing unread.
    const ahead = applyAll(open, { type: 'read_state.updated', data: { channelId: '12', lastReadMessageId: '9', mentionCount: 0 } }).state;
    expect(applyAll(ahead, { type: 'read_state.updated', data: { channelId: '12', lastReadMessageId: '5', mentionCount: 2 } }).state).toBe(ahead);
    expect(marked('4', '13').state).toBe(open);
  });

  it('reads the counts again after an edit or a delete where something is unread, and only there', () => {
    const unread = world([read('12')]);
    const deleted = (channelId: string) => applyAll(unread, { type: 'message.deleted', data: { id: '5', channelId, serverId: '10' } }).effects;
    expect(deleted('12')).toEqual([{ kind: 'fetch-read-states' }]);
    expect(deleted('13')).toEqual([]);
    const edit = { ...message('5', { channelId: '12', mentions: [me.id] }), serverId: '10' };
    expect(applyAll(unread, { type: 'message.updated', data: edit }).effects).toEqual([{ kind: 'fetch-read-states' }]);
  });

  it('forgets what was unread in a channel deleted, a server left or deleted, and a conversation left', () => {
    const unread = { ...world([read('12'), read('22', { serverId: '20' }), read('500', { serverId: null })]), conversations: [conversation()] };
    const keys = (state: ChatState) => [...state.readStates.keys()];
    expect(keys(applyAll(unread, { type: 'channel.deleted', data: { id: '12', serverId: '10' } }).state)).toEqual(['22', '500']);
    expect(keys(applyAll(unread, { type: 'member.left', data: { serverId: '20', userId: me.id, reason: 'leave' } }).state)).toEqual(['12', '500']);
    expect(keys(applyAll(unread, { type: 'member.left', data: { serverId: '20', userId: bob.id, reason: 'leave' } }).state)).toEqual(['12', '22', '500']);
    expect(keys(applyAll(unread, { type: 'server.deleted', data: { serverId: '20' } }).state)).toEqual(['12', '500']);
    expect(keys(applyAll(unread, { type: 'channel.deleted', data: { id: '500' } }).state)).toEqual(['12', '22']);
  });

  it('puts the "New messages" line above the first message of someone else after the marker, when the channel opened with something unread', () => {
    const opening = channelOpened(world([read('12', { lastReadMessageId: '3', unreadCount: 2 })]), '12');
    const opened = opening.state;
    expect(opened.newSince).toEqual({ channelId: '12', after: '3', count: 2 });
    // Its marks leave the server's sum while it is open.
    expect(opening.effects).toEqual([{ kind: 'channel' }, { kind: 'channels' }, { kind: 'servers' }]);
    expect(unreadInServer(opened, '10')).toEqual({ unread: false, mentions: 0 });
    expect(channelOpened(world(), '12').effects).toEqual([{ kind: 'channel' }, { kind: 'channels' }]);
    const shown = addMessages(opened, [message('2', { channelId: '12' }), message('3', { channelId: '12' }), message('4', { channelId: '12', author: me }), message('5', { channelId: '12' })]).state;
    expect(firstNewId(shown)).toBe('5');
    expect(channelOpened(world([read('12', { unreadCount: 0, mentionCount: 1 })]), '12').state.newSince).toBeUndefined();
    expect(channelOpened(world(), '12').state.newSince).toBeUndefined();
  });

  it('never marked: above the last of the unread messages shown, fixed once the first page shows', () => {
    const opened = channelOpened(world([read('12', { lastReadMessageId: null, unreadCount: 2 })]), '12').state;
    const page = addMessages(opened, ['1', '2', '3'].map((id) => message(id, { channelId: '12' }))).state;
    expect(firstNewId(page)).toBe('2');
    const fixed = firstPageShown(page);
    expect(fixed.effects).toEqual([{ kind: 'mark-read' }]);
    expect(firstNewId(addMessages(fixed.state, [message('4', { channelId: '12' })]).state)).toBe('2');
    // More unread than shown: above the oldest shown.
    const many = channelOpened(world([read('12', { lastReadMessageId: null, unreadCount: 9 })]), '12').state;
    const fixedMany = firstPageShown(addMessages(many, ['1', '2'].map((id) => message(id, { channelId: '12' }))).state).state;
    expect(firstNewId(addMessages(fixedMany, [message('3', { channelId: '12' })]).state)).toBe('1');
  });

  it('counts a message that waited for a page once, when it came', () => {
    const loading = loadStarted(world([read('11', { unreadCount: 1 })])).state;
    const waited = applyAll(loading, created('7', '11', '10')).state;
    expect(waited.readStates.get('11')?.unreadCount).toBe(2);
    expect(loadEnded(waited).state.readStates.get('11')?.unreadCount).toBe(2);
    expect(loadEnded(waited).state.messages.map(({ id }) => id)).toEqual(['1', '7']);
  });

});
