import { conversationName } from '../src/model/conversations.js';
import { channelOpened, loadEnded, loadStarted } from '../src/model/events.js';
import { pageLoaded } from '../src/model/messages.js';
import { accountChanges, avatarOf, coMembers, nameOf, usernameHint } from '../src/model/people.js';
import { ready } from '../src/model/servers.js';
import { signedIn, signedOut, type ChatState } from '../src/model/state.js';
import { applyAll, bob, cara, conversation, group, me, member, message, openChannelState, openConversationState, server, serverState } from './model-mothers.js';

/** Bob as he is after changing his display name and avatar. */
const bobNow = { ...bob, displayName: 'Bob Builder', avatar: 'https://images.example/bob.png' };
const bobUpdated = { type: 'user.updated', data: bobNow } as const;
const membersOf = (state: ChatState, serverId: string) => state.servers.get(serverId)?.members?.map(({ user }) => user);

describe("the page's model: people's names and avatars", () => {
  it('calls someone by their display name where set, else by their username, with the username as a hint', () => {
    expect(nameOf(bob)).toBe('bob');
    expect(usernameHint(bob)).toBeUndefined();
    expect(nameOf(bobNow)).toBe('Bob Builder');
    expect(usernameHint(bobNow)).toBe('@bob');
    expect(conversationName(conversation({ recipients: [me, bobNow] }), me.id)).toBe('Bob Builder');
    expect(conversationName(group({ name: null, recipients: [me, bobNow, cara] }), me.id)).toBe('Bob Builder, cara');
  });

  it('shows only an https avatar: none for null, another scheme or what is no URL', () => {
    expect(avatarOf(bobNow)).toBe('https://images.example/bob.png');
    for (const avatar of [null, 'http://images.example/bob.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'not a url']) expect(avatarOf({ avatar })).toBeUndefined();
  });

  it("shows an uploaded avatar's relative link on this page's API, and no other relative or protocol-relative address", () => {
    const uploaded = '/api/attachments/123?purpose=avatar&signature=abc';
    expect(avatarOf({ avatar: uploaded })).toBe(uploaded);
    for (const avatar of ['/api/attachments/../users/@me', '//evil.example/api/attachments/1', '/\\evil.example/x', '/api/users/1', 'api/attachments/1', '/api/attachmentsX/1'])
      expect(avatarOf({ avatar })).toBeUndefined();
  });

  it("renews someone's name and avatar on user.updated: their loaded messages, every member list, conversations; only what shows is drawn again", () => {
    const other = serverState({ id: '20', name: 'Other', members: [member(me, '20'), member(bob, '20')] });
    const start: ChatState = { ...openChannelState([message('1'), message('2', { author: me }), message('3')], [serverState(), other]), conversations: [conversation()] };
    const { state, effects } = applyAll(start, bobUpdated);
    expect(state.messages.map(({ author }) => author)).toEqual([bobNow, me, bobNow]);
    expect(membersOf(state, '10')).toEqual([me, bobNow]);
    expect(membersOf(state, '20')).toEqual([me, bobNow]);
    expect(state.conversations[0]?.recipients).toEqual([me, bobNow]);
    expect(state.me).toBe(start.me);
    // Messages 1 and 3 are his; the open server's list shows him; server 20 is not open; the conversation is not open.
    expect(effects).toEqual([{ kind: 'message', id: '1' }, { kind: 'message', id: '3' }, { kind: 'members' }, { kind: 'conversations' }]);
    // The same again (this person's own save, then its event) changes nothing more.
    expect(applyAll(state, bobUpdated).effects).toEqual([]);
  });

  it('draws the open conversation again when someone in it is renamed, and leaves the page alone for someone it does not show', () => {
    const { state, effects } = applyAll(openConversationState(), bobUpdated);
    expect(conversationName(state.conversations[0]!, me.id)).toBe('Bob Builder');
    expect(effects).toEqual(expect.arrayContaining([{ kind: 'conversations' }, { kind: 'conversation' }, { kind: 'channel-header' }]));
    const stranger = applyAll(openChannelState([message('1')]), { type: 'user.updated', data: { id: '999', username: 'zed', displayName: 'Zed', avatar: null } });
    expect(stranger.effects).toEqual([]);
    expect(stranger.state.messages).toEqual([message('1')]);
  });

  it("renews this person's own name in the header (a change in this tab or another), and after a ready", () => {
    const renamed = { ...me, username: 'alice2', displayName: 'Alice' };
    const { state, effects } = applyAll(openChannelState([message('1', { author: me })]), { type: 'user.updated', data: renamed });
    expect(state.me).toEqual(renamed);
    expect(state.messages[0]?.author).toEqual(renamed);
    expect(effects).toEqual(expect.arrayContaining([{ kind: 'me' }, { kind: 'message', id: '1' }, { kind: 'members' }]));
    const resumed = ready(signedIn(signedOut, me), { user: renamed, cursor: 'c', reason: 'connect', servers: [{ ...server(), channels: [] }], privateChannels: [], readStates: [], presences: [] });
    expect(resumed.state.me).toEqual(renamed);
    expect(resumed.effects).toContainEqual({ kind: 'me' });
  });

  it('renews a page of messages that was on its way when the change came (read before it, it still has the old name)', () => {
    const loading = loadStarted(channelOpened(openChannelState(), '11').state).state;
    const changed = applyAll(loading, bobUpdated).state;
    const landed = pageLoaded(changed, [message('1')], 50).state;
    expect(landed.messages[0]?.author).toEqual(bob);
    const { state, effects } = loadEnded(landed);
    expect(state.messages[0]?.author).toEqual(bobNow);
    expect(effects).toContainEqual({ kind: 'message', id: '1' });
    expect(state.waiting).toEqual([]);
  });

  it('names a new message by its author’s display name when it is read out', () => {
    const { effects } = applyAll(openChannelState(), { type: 'message.created', data: { ...message('5', { author: bobNow, content: 'hi' }), serverId: '10' } });
    expect(effects).toContainEqual({ kind: 'announce', text: 'Bob Builder: hi' });
  });

  it('lists the people a group can have by the names shown, with their avatars', () => {
    const state = { ...signedIn(signedOut, me), servers: new Map([['10', serverState({ members: [member(me), member(cara), member(bobNow)] })]]) };
    expect(coMembers(state)).toEqual([bobNow, cara]);
  });
});

describe("the page's model: the account form", () => {
  const form = (overrides = {}) => ({ username: 'alice', displayName: '', avatar: '', ...overrides });

  it('asks for nothing when nothing changed (spaces around the username do not count)', () => {
    expect(accountChanges(me, form({ username: ' alice ' }))).toEqual({});
  });

  it('sends only the fields that changed, trimmed; an empty display name or avatar clears it', () => {
    expect(accountChanges(me, form({ displayName: '  Alice L.  ' }))).toEqual({ displayName: 'Alice L.' });
    expect(accountChanges(me, form({ username: 'alice2', avatar: 'https://a.example/me.png' }))).toEqual({ username: 'alice2', avatar: 'https://a.example/me.png' });
    const named = { ...me, displayName: 'Alice', avatar: 'https://a.example/me.png' };
    expect(accountChanges(named, form({ displayName: ' ', avatar: '' }))).toEqual({ displayName: null, avatar: null });
  });
});
