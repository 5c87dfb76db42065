import { mentionSegments, mentionsMe, readableText } from '../src/model/mentions.js';
import { applyAll, bob, cara, conversation, everyone, me, member, message, openChannelState, openConversationState, role, serverState } from './model-mothers.js';

const roles = [everyone(), role('20', 1, { name: 'Moderators', color: 0x3451b2 })];
/** Server 10 open: me (holding role 20), bob (named "Bob Smith"), and these messages. */
const state = (messages = [message('1')]) =>
  openChannelState(messages, [serverState({ roles, members: [member(me, '10', ['20']), member({ ...bob, displayName: 'Bob Smith' })] })]);

describe("the page's model: mentions", () => {
  it('names people by their display name (or username), roles by name, and @everyone when the message says it counts', () => {
    const said = message('1', { content: 'hi <@200>, <@100> and <@&20>: @everyone', mentions: ['200', '100'], mentionRoles: ['20'], mentionEveryone: true });
    expect(mentionSegments(state(), said)).toEqual([
      { kind: 'text', text: 'hi ' },
      { kind: 'user', id: '200', name: 'Bob Smith', me: false },
      { kind: 'text', text: ', ' },
      { kind: 'user', id: '100', name: 'alice', me: true },
      { kind: 'text', text: ' and ' },
      { kind: 'role', id: '20', name: 'Moderators', color: 0x3451b2, mine: true },
      { kind: 'text', text: ': ' },
      { kind: 'everyone' },
    ]);
    expect(readableText(state(), said)).toBe('hi @Bob Smith, @alice and @Moderators: @everyone');
  });

  it('leaves @everyone as text where it does not count, malformed ids as text, and names the unknown as peers do', () => {
    const said = message('1', { content: '@everyone <@abc> <@ 1> <@!1> <@01> <@99999999999999999999> <@777> <@&888>' });
    expect(readableText(state(), said)).toBe('@everyone <@abc> <@ 1> <@!1> <@01> <@99999999999999999999> @unknown-user @deleted-role');
    expect(mentionSegments(state(), said).filter(({ kind }) => kind !== 'text')).toHaveLength(2);
  });

  it('names the recipients of the open conversation, and authors of loaded messages', () => {
    const inTalk = openConversationState([conversation({ recipients: [me, { ...cara, displayName: 'Cara' }] })]);
    expect(readableText(inTalk, message('1', { content: '<@300>' }))).toBe('@Cara');
    expect(readableText(state([message('1', { author: cara })]), message('2', { content: '<@300>' }))).toBe('@cara');
  });

  it('asks for this viewer when it names them, a role they hold, or everyone; never their own message, nor another role', () => {
    expect(mentionsMe(state(), message('1', { mentions: ['100'] }))).toBe(true);
    expect(mentionsMe(state(), message('1', { mentionRoles: ['20'] }))).toBe(true);
    expect(mentionsMe(state(), message('1', { mentionEveryone: true }))).toBe(true);
    expect(mentionsMe(state(), message('1', { mentions: ['200'], mentionRoles: ['21'] }))).toBe(false);
    expect(mentionsMe(state(), message('1', { author: me, mentions: ['100'] }))).toBe(false);
    // The text alone does not: a mention the API dropped (or @everyone without the permission) asks for nobody.
    expect(mentionsMe(state(), message('1', { content: '<@100> @everyone' }))).toBe(false);
  });

  it('takes the mentions of an edit (message.updated), and reads one logged before mentions existed as mentioning nobody', () => {
    const before = state([message('1', { content: 'hi', mentions: ['200'] })]);
    const update = { ...message('1', { content: 'hi <@100>', editedAt: '2026-01-02T00:00:00.000Z', mentions: ['100'], mentionRoles: ['20'], mentionEveryone: true }), serverId: '10' };
    const edited = applyAll(before, { type: 'message.updated', data: update }).state.messages[0];
    expect(edited).toMatchObject({ content: 'hi <@100>', mentions: ['100'], mentionRoles: ['20'], mentionEveryone: true });
    const { mentions: _m, mentionRoles: _r, mentionEveryone: _e, ...legacy } = message('1', { content: 'old' });
    const old = applyAll(state([message('1', { mentions: ['100'] })]), { type: 'message.updated', data: { ...legacy, serverId: '10' } as never }).state.messages[0];
    expect(old).toMatchObject({ content: 'old', mentions: [], mentionRoles: [], mentionEveryone: false });
  });

  it("says a new message's mentions by name to screen readers", () => {
    const { effects } = applyAll(state(), { type: 'message.created', data: { ...message('2', { content: 'ping <@100>', mentions: ['100'] }), serverId: '10' } });
    expect(effects).toContainEqual({ kind: 'announce', text: 'bob: ping @alice' });
  });
});
