import { mayDeleteMessage } from '../src/controls.js';
import { byActivity, conversationName, conversationOpened, conversationsLoaded, oneToOneWith } from '../src/model/conversations.js';
import { coMembers, groupChoiceProblem } from '../src/model/people.js';
import { powersOf } from '../src/model/permissions.js';
import { ready, serverOpened } from '../src/model/servers.js';
import { openConversationOf, signedIn, signedOut, viewerOf, type ChatState } from '../src/model/state.js';
import { applyAll, bob, cara, conversation, group, me, member, message, openConversationState, server, serverState } from './model-mothers.js';

const ids = (state: ChatState) => state.conversations.map(({ id }) => id);
const dm = conversation();
const bookFriends = group();
/** In a message of the one-to-one (500), from bob unless told. */
const dmMessage = (id: string, overrides = {}) => ({ ...message(id, { channelId: '500', ...overrides }) });

describe("the page's model: direct conversations", () => {
  it("names a group by its name, else by the others' names, and a one-to-one by the other person", () => {
    expect(conversationName(bookFriends, me.id)).toBe('Book friends');
    expect(conversationName(group({ name: null }), me.id)).toBe('bob, cara');
    expect(conversationName(group({ name: null, recipients: [me] }), me.id)).toBe('Only you');
    expect(conversationName(dm, me.id)).toBe('bob');
    expect(conversationName(dm, bob.id)).toBe('alice');
  });

  it('lists the most recently active first: by the newest message, or when none by the conversation itself', () => {
    const quiet = conversation({ id: '700' });
    const busy = conversation({ id: '500', lastMessageId: '9000' });
    const older = conversation({ id: '650', lastMessageId: '800' });
    expect(byActivity([quiet, older, busy]).map(({ id }) => id)).toEqual(['500', '650', '700']);
  });

  it("takes ready's conversations, keeps one open across a ready (catching up after missed events), and opens no server then", () => {
    const open = openConversationState([dm]);
    const data = { user: me, cursor: 'c', servers: [{ ...server(), channels: [] }], privateChannels: [bookFriends, dm], readStates: [], presences: [] };
    const resumed = ready(open, { ...data, reason: 'connect' });
    expect(ids(resumed.state)).toEqual(['600', '500']);
    expect(openConversationOf(resumed.state)?.id).toBe('500');
    expect(resumed.effects.filter(({ kind }) => kind === 'open-server')).toEqual([]);
    const missed = ready(open, { ...data, reason: 'invalid_session' });
    expect(missed.effects).toContainEqual({ kind: 'open-conversation', conversationId: '500' });
  });

  it('closes an open conversation a ready no longer lists, says so, and opens the first server once', () => {
    const { state, effects } = ready(openConversationState([dm]), { user: me, cursor: 'c', reason: 'connect', servers: [{ ...server(), channels: [] }], privateChannels: [], readStates: [], presences: [] });
    expect(state).toMatchObject({ channelId: undefined, conversations: [] });
    expect(effects).toContainEqual({ kind: 'status', text: 'You are no longer in bob' });
    expect(effects.filter(({ kind }) => kind === 'open-server')).toEqual([{ kind: 'open-server', serverId: '10', action: 'Opening the server' }]);
  });

  it('keeps conversations a partial read did not list, and never takes a newest message back', () => {
    const known = { ...openConversationState([conversation({ lastMessageId: '900' }), bookFriends]), channelId: undefined };
    const { state } = conversationsLoaded(known, [conversation({ lastMessageId: '800' })], false);
    expect(ids(state)).toEqual(['500', '600']);
    expect(state.conversations[0]?.lastMessageId).toBe('900');
    expect(ids(conversationsLoaded(known, [dm], true).state)).toEqual(['500']);
  });

  it('adds a conversation that arrives as channel.created (no serverId), and renames it on channel.updated', () => {
    const start = { ...signedIn(signedOut, me), servers: new Map([['10', serverState()]]) };
    const created = applyAll(start, { type: 'channel.created', data: bookFriends });
    expect(ids(created.state)).toEqual(['600']);
    expect(created.effects).toEqual([{ kind: 'conversations' }]);
    const opened = conversationOpened(created.state, '600').state;
    const renamed = applyAll(opened, { type: 'channel.updated', data: group({ name: 'Readers', recipients: [me, bob] }) });
    expect(renamed.state.conversations[0]).toMatchObject({ name: 'Readers', recipients: [me, bob] });
    expect(renamed.effects).toEqual([{ kind: 'conversations' }, { kind: 'conversation' }, { kind: 'channel-header' }]);
  });

  it("still reads a server's channels again on a server channel's channel.created", () => {
    const inServer = { ...openConversationState([dm]), serverId: '10', channelId: '11' };
    const { effects } = applyAll(inServer, { type: 'channel.created', data: { id: '12', serverId: '10', name: 'new', topic: null, position: 1, permissionOverwrites: [], createdAt: '2026-01-01T00:00:00.000Z' } });
    expect(effects).toEqual([{ kind: 'fetch-channels', serverId: '10' }]);
  });

  it('opens a conversation with no server open, its "New messages" line after the marker, and draws what changed; one this person is not in stays shut', () => {
    const unread = { channelId: '500', serverId: null, lastReadMessageId: '900', unreadCount: 2, mentionCount: 0 };
    const inServer: ChatState = { ...openConversationState([dm]), serverId: '10', channelId: '11', readStates: new Map([['500', unread]]) };
    const { state, effects } = conversationOpened(inServer, '500');
    expect(state).toMatchObject({ serverId: undefined, channelId: '500', messages: [], opening: inServer.opening + 1 });
    expect(state.newSince).toEqual({ channelId: '500', after: '900', count: 2 });
    expect(effects).toEqual([{ kind: 'servers' }, { kind: 'server' }, { kind: 'conversations' }, { kind: 'conversation' }, { kind: 'channel' }]);
    expect(conversationOpened(inServer, '999').state).toBe(inServer);
    // Opening a server leaves the conversation.
    expect(openConversationOf(serverOpened(state, '10').state)).toBeUndefined();
  });

  it("shows a conversation's message live when it is open, and moves the conversation to the top", () => {
    const open = openConversationState([bookFriends, dm]);
    const { state, effects } = applyAll(open, { type: 'message.created', data: dmMessage('1000') });
    expect(state.messages.map(({ id }) => id)).toEqual(['1000']);
    expect(ids(state)).toEqual(['500', '600']);
    expect(effects).toContainEqual({ kind: 'conversations' });
    expect(effects).toContainEqual({ kind: 'added', ids: ['1000'] });
  });

  it('counts a conversation unread when someone else writes in it while it is closed, but not for one\'s own message', () => {
    const elsewhere: ChatState = { ...openConversationState([bookFriends, dm]), serverId: '10', channelId: '11' };
    const theirs = applyAll(elsewhere, { type: 'message.created', data: dmMessage('1000') });
    expect(theirs.state.readStates.get('500')).toEqual({ channelId: '500', serverId: null, lastReadMessageId: null, unreadCount: 1, mentionCount: 0 });
    expect(theirs.state.messages).toEqual([]);
    expect(ids(theirs.state)).toEqual(['500', '600']);
    const mine = applyAll(elsewhere, { type: 'message.created', data: dmMessage('1000', { author: me }) });
    expect(mine.state.readStates.size).toBe(0);
  });

  it('reads the list again when a message comes in a conversation the page does not know', () => {
    const { effects } = applyAll(openConversationState([bookFriends]), { type: 'message.created', data: dmMessage('1000') });
    expect(effects).toContainEqual({ kind: 'fetch-conversations' });
  });

  it("applies a reaction in the open conversation (its events carry no serverId)", () => {
    const open = openConversationState([dm], [dmMessage('1000')]);
    const { state } = applyAll(open, { type: 'reaction.added', data: { messageId: '1000', channelId: '500', userId: bob.id, emoji: '👍', count: 1 } });
    expect(state.messages[0]?.reactions).toEqual([{ emoji: '👍', count: 1, reacted: false }]);
  });

  it('drops a conversation this person left or was removed from; the open one closes, says so, and the first server opens', () => {
    const open = openConversationState([bookFriends, dm]);
    const { state, effects } = applyAll({ ...open, channelId: '600' }, { type: 'channel.deleted', data: { id: '600' } });
    expect(ids(state)).toEqual(['500']);
    expect(state.channelId).toBeUndefined();
    expect(effects).toEqual([
      { kind: 'status', text: 'You are no longer in Book friends' },
      { kind: 'conversations' },
      { kind: 'conversation' },
      { kind: 'channel' },
      { kind: 'open-server', serverId: '10', action: 'Opening the server' },
    ]);
    const closed = applyAll(open, { type: 'channel.deleted', data: { id: '600' } });
    expect(closed.state.channelId).toBe('500');
    expect(closed.effects).toEqual([{ kind: 'conversations' }]);
  });

  it('gives everyone in a conversation sending (with files) and reactions, and no moderation: only authors delete', () => {
    const open = openConversationState([dm]);
    const powers = powersOf(open);
    expect([...powers.channel].sort()).toEqual(['ADD_REACTIONS', 'ATTACH_FILES', 'SEND_MESSAGES', 'VIEW_CHANNEL']);
    expect(powers.server.size).toBe(0);
    expect(mayDeleteMessage(bob.id, powers.channel, viewerOf(open))).toBe(false);
    expect(mayDeleteMessage(me.id, powers.channel, viewerOf(open))).toBe(true);
  });

  it('finds the one-to-one with a person, never a group they are in', () => {
    const state = openConversationState([bookFriends, dm]);
    expect(oneToOneWith(state, bob.id)?.id).toBe('500');
    expect(oneToOneWith(state, cara.id)).toBeUndefined();
  });

  it('offers as people to write to the members of every server read, each once, by name, never oneself nor those left out', () => {
    const dave = { id: '400', username: 'Dave', displayName: null, avatar: null };
    const servers = [serverState(), serverState({ id: '20', members: [member(me, '20'), member(cara, '20'), member(bob, '20'), member(dave, '20')] }), serverState({ id: '30', members: undefined })];
    const state: ChatState = { ...signedIn(signedOut, me), servers: new Map(servers.map((each) => [each.id, each])) };
    expect(coMembers(state).map(({ username }) => username)).toEqual(['bob', 'cara', 'Dave']);
    expect(coMembers(state, [bob.id, cara.id])).toEqual([dave]);
  });

  it('asks for 2 to 9 people for a new group (one would be a one-to-one)', () => {
    expect(groupChoiceProblem(1)).toContain('at least 2');
    expect(groupChoiceProblem(0)).toContain('at least 2');
    expect(groupChoiceProblem(2)).toBeUndefined();
    expect(groupChoiceProblem(9)).toBeUndefined();
    expect(groupChoiceProblem(10)).toBe('A group has at most 10 people: pick at most 9 (10 picked).');
  });
});
