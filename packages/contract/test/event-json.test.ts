import { clientEventJson, eventFromJson, eventJson, lazilyDecoded, NOT_SENT_AS_STORED, readEvent } from '@chat/contract';
import {
  bitsOf,
  channelCreated,
  channelDeleted,
  channelUpdated,
  memberJoined,
  memberLeft,
  memberUpdated,
  messageCreated,
  messageDeleted,
  messageUpdated,
  NO_MENTIONS,
  reactionChanged,
  roleCreated,
  roleDeleted,
  roleUpdated,
  routeOf,
  sessionRevoked,
  userUpdated,
  readStateUpdated,
  type MessageView,
} from '@chat/domain';

const message: MessageView = {
  id: '100',
  channelId: '20',
  content: 'hi "there" \u2028 😀',
  createdAt: new Date('2026-11-01T10:00:00.123Z'),
  editedAt: null,
  mentions: ['3', '4'],
  mentionRoles: ['10'],
  mentionEveryone: true,
  attachments: [],
  replyTo: { id: '90', author: { id: '4', username: 'bob' }, content: 'earlier "words" 😀' },
  pinned: true,
  author: { id: '3', username: 'ann', displayName: null, avatar: null },
  reactions: [{ emoji: '👍', count: 2, reacted: false }],
};

const EVENTS = [
  messageCreated('10', message, 'n-1'),
  messageCreated('10', { ...message, id: '101', replyTo: { id: '91', deleted: true } }, null),
  messageCreated('10', message, null),
  messageUpdated('10', { ...message, editedAt: new Date('2026-11-01T10:05:00.000Z') }),
  messageDeleted('10', '20', '100'),
  reactionChanged('reaction.added', '10', '20', '3', { messageId: '100', emoji: '👍', count: 2, reacted: true }),
  reactionChanged('reaction.removed', '10', '20', '3', { messageId: '100', emoji: '👍', count: 0, reacted: false }),
  memberJoined({ serverId: '10', userId: '3', joinedAt: new Date('2026-11-01T09:00:00.000Z'), user: { id: '3', username: 'ann', displayName: null, avatar: null }, roleIds: [] }),
  memberLeft('10', '3', 'leave'),
  roleCreated({ id: '30', serverId: '10', name: 'mods', color: 0x00ff00, position: 1, permissions: 0b1000_1000_0001, createdAt: new Date('2026-11-01T09:40:00.000Z') }),
  roleUpdated({ id: '10', serverId: '10', name: '@everyone', color: null, position: 0, permissions: 15, createdAt: new Date('2026-11-01T09:00:00.000Z') }),
  roleDeleted('10', '30'),
  memberUpdated('10', '3', ['30', '31']),
  memberUpdated('10', '3', []),
  channelCreated({ id: '21', serverId: '10', name: 'random', topic: null, position: 0, permissionOverwrites: [], createdAt: new Date('2026-11-01T09:30:00.000Z') }),
  channelUpdated({
    id: '21',
    serverId: '10',
    name: 'leads',
    topic: 'Plans',
    position: 2,
    permissionOverwrites: [{ id: '10', type: 'role', allow: 0, deny: bitsOf(['VIEW_CHANNEL']) }, { id: '3', type: 'member', allow: bitsOf(['VIEW_CHANNEL', 'SEND_MESSAGES']), deny: 0 }],
    createdAt: new Date('2026-11-01T09:30:00.000Z'),
  }),
  channelDeleted('10', '21'),
  sessionRevoked('3', '7'),
  sessionRevoked('3', null),
  userUpdated({ id: '3', username: 'ann', displayName: 'Ann "B"', avatar: 'https://cdn.example.com/a.png' }, ['10', '11']),
  userUpdated({ id: '3', username: 'ann', displayName: null, avatar: null }, []),
  readStateUpdated('3', '20', '100', 2),
];

describe('the events’ JSON form', () => {
  it('logs user.updated with the user’s servers, routed to the user alone, and sends clients the user without them', () => {
    const event = userUpdated({ id: '3', username: 'ann', displayName: 'Ann', avatar: null }, ['10', '11']);

    expect(eventJson(event)).toEqual({ t: 'user.updated', d: { id: '3', username: 'ann', displayName: 'Ann', avatar: null, serverIds: ['10', '11'] } });
    expect(routeOf(event)).toEqual({ type: 'user.updated', serverId: null, subjectId: '3', channelId: null });
    expect(clientEventJson(event)).toEqual({ t: 'user.updated', d: { id: '3', username: 'ann', displayName: 'Ann', avatar: null } });
    expect(NOT_SENT_AS_STORED.has('user.updated')).toBe(true);
  });

  it('logs read_state.updated with its user, routed to them alone in no server, and sends them the marker without their id', () => {
    const event = readStateUpdated('3', '20', '100', 0);

    expect(eventJson(event)).toEqual({ t: 'read_state.updated', d: { channelId: '20', lastReadMessageId: '100', mentionCount: 0, userId: '3' } });
    expect(routeOf(event)).toEqual({ type: 'read_state.updated', serverId: null, subjectId: '3', channelId: null });
    expect(clientEventJson(event)).toEqual({ t: 'read_state.updated', d: { channelId: '20', lastReadMessageId: '100', mentionCount: 0 } });
    expect(NOT_SENT_AS_STORED.has('read_state.updated')).toBe(true);
  });

  it('reads a user logged before display names and avatars as having neither', () => {
    const member = eventFromJson('member.joined', { serverId: '10', userId: '3', joinedAt: '2026-11-01T09:00:00.000Z', user: { id: '3', username: 'ann' }, roleIds: [] });
    expect(member).toEqual(memberJoined({ serverId: '10', userId: '3', joinedAt: new Date('2026-11-01T09:00:00.000Z'), user: { id: '3', username: 'ann', displayName: null, avatar: null }, roleIds: [] }));
  });

  it('gives channel events the REST Channel, overwrites as permission names; channel.deleted its id and server', () => {
    expect(eventJson(EVENTS.find((e) => e.type === 'channel.updated')!).d).toEqual({
      id: '21',
      serverId: '10',
      name: 'leads',
      topic: 'Plans',
      position: 2,
      permissionOverwrites: [
        { id: '10', type: 'role', allow: [], deny: ['VIEW_CHANNEL'] },
        { id: '3', type: 'member', allow: ['VIEW_CHANNEL', 'SEND_MESSAGES'], deny: [] },
      ],
      createdAt: '2026-11-01T09:30:00.000Z',
    });
    expect(eventJson(EVENTS.find((e) => e.type === 'channel.deleted')!)).toEqual({ t: 'channel.deleted', d: { id: '21', serverId: '10' } });
  });

  it('reads a channel.created logged before channels had a topic, a position and overwrites', () => {
    expect(eventFromJson('channel.created', { id: '21', serverId: '10', name: 'random', createdAt: '2026-11-01T09:30:00.000Z' })).toEqual(
      channelCreated({ id: '21', serverId: '10', name: 'random', topic: null, position: 0, permissionOverwrites: [], createdAt: new Date('2026-11-01T09:30:00.000Z') }),
    );
  });

  it.each(EVENTS.map((event) => [event.type, event]))('reads %s back as it was written', (_type, event) => {
    const { t, d } = eventJson(event);
    expect(eventFromJson(t, JSON.parse(JSON.stringify(d)))).toEqual(event);
  });

  it('gives message.created the REST Message plus serverId, and the nonce only when there is one', () => {
    expect(eventJson(messageCreated('10', message, 'n-1')).d).toEqual({
      id: '100',
      channelId: '20',
      content: message.content,
      createdAt: '2026-11-01T10:00:00.123Z',
      editedAt: null,
      mentions: ['3', '4'],
      mentionRoles: ['10'],
      mentionEveryone: true,
      attachments: [],
      replyTo: { id: '90', author: { id: '4', username: 'bob' }, content: 'earlier "words" 😀' },
      pinned: true,
      author: { id: '3', username: 'ann', displayName: null, avatar: null },
      reactions: [{ emoji: '👍', count: 2, reacted: false }],
      serverId: '10',
      nonce: 'n-1',
    });
    expect(eventJson(messageCreated('10', message, null)).d).not.toHaveProperty('nonce');
  });

  it('gives reaction events the contract’s flat shape', () => {
    expect(eventJson(EVENTS[5]!)).toEqual({
      t: 'reaction.added',
      d: { messageId: '100', channelId: '20', serverId: '10', emoji: '👍', count: 2, userId: '3' },
    });
  });

  it('says reacted: false in events, which go to every member alike', () => {
    const withMine = { ...message, reactions: [{ emoji: '👍', count: 2, reacted: true }] };
    const json = eventJson(messageUpdated('10', withMine));
    expect(json.t === 'message.updated' && json.d.reactions).toEqual([{ emoji: '👍', count: 2, reacted: false }]);
  });

  it('reads a leave with a reason a newer version added as a leave: the server still shuts', () => {
    expect(eventFromJson('member.left', { serverId: '10', userId: '3', reason: 'mute' })).toEqual(memberLeft('10', '3', 'leave'));
  });

  it('refuses a type it does not know and data of the wrong shape', () => {
    expect(() => eventFromJson('message.exploded', {})).toThrow(/unknown event type/);
    expect(() => eventFromJson('member.left', { serverId: 10, userId: '3', reason: 'leave' })).toThrow(TypeError);
    expect(() => eventFromJson('member.left', null)).toThrow(TypeError);
  });

  it('reads an encoded event back, and answers null for one this version cannot read', () => {
    const event = memberLeft('10', '3', 'leave');
    const { t, d } = eventJson(event);

    expect(readEvent(t, JSON.stringify(d))).toEqual(event);
    expect(readEvent('server.renamed', '{"serverId":"10"}')).toBeNull();
    expect(readEvent('member.left', 'not json')).toBeNull();
  });

  it.each(EVENTS.map((event) => [event.type, event]))('keeps the stored text of %s as its wire form when eventJson wrote it', (_type, event) => {
    const { t, d } = eventJson(event);
    const text = JSON.stringify(d);

    const logged = lazilyDecoded(7, 'e-7', t, text);

    expect(logged.wire).toBe(text);
    expect(logged.event).toEqual(event);
  });

  it('reads a message logged before mentions as mentioning nobody', () => {
    const { d } = eventJson(messageCreated('10', message, null));
    const { mentions: _m, mentionRoles: _r, mentionEveryone: _e, ...older } = d as Record<string, unknown>;

    expect(eventFromJson('message.created', older)).toEqual(messageCreated('10', { ...message, ...NO_MENTIONS }, null));
  });

  it('does not take the send statement’s json_build_object text for the wire form', () => {
    const fromSql =
      '{"id" : "100", "channelId" : "20", "content" : "a \\" : b", "createdAt" : "2026-11-01T10:00:00.123Z", "editedAt" : null, ' +
      '"author" : {"id" : "3", "username" : "ann"}, "reactions" : [], "serverId" : "10", "nonce" : null}';

    const logged = lazilyDecoded(7, 'e-7', 'message.created', fromSql);

    expect(logged.wire).toBeNull();
    expect(logged.event).toEqual(messageCreated('10', { ...message, ...NO_MENTIONS, replyTo: null, pinned: false, content: 'a " : b', reactions: [] }, null));
  });

  it('routes by the stored route without decoding, and from the content when none was stored', () => {
    const revoked = sessionRevoked('3', '7');
    const { t, d } = eventJson(revoked);
    const routed = lazilyDecoded(7, 'e-7', t, 'not read', { serverId: null, subjectId: '3', channelId: null });
    const unrouted = lazilyDecoded(8, 'e-8', t, JSON.stringify(d), { serverId: null, subjectId: null, channelId: null });

    expect(routed.route).toEqual({ type: 'session.revoked', serverId: null, subjectId: '3', channelId: null });
    expect(unrouted.route).toEqual({ type: 'session.revoked', serverId: null, subjectId: '3', channelId: null });
    expect(lazilyDecoded(9, 'e-9', t, JSON.stringify(d)).route).toEqual(routeOf(revoked));
    expect(lazilyDecoded(10, 'e-10', 'server.renamed', '{}').route).toEqual({ type: 'server.renamed', serverId: null, subjectId: null, channelId: null });
  });

  it('finds the end of a first key that holds an escaped quote', () => {
    expect(lazilyDecoded(1, '1', 'x', '{"a\\"b":1}').wire).toBe('{"a\\"b":1}');
    expect(lazilyDecoded(1, '1', 'x', '{"a\\"b" : 1}').wire).toBeNull();
    expect(lazilyDecoded(1, '1', 'x', 'not json').wire).toBeNull();
  });
});

describe('role and member events of older or newer versions', () => {
  it('read a member.joined logged before roles as holding none, and drop a permission this version does not know', () => {
    const joined = eventFromJson('member.joined', { serverId: '10', userId: '3', joinedAt: '2026-11-01T09:00:00.000Z', user: { id: '3', username: 'ann', displayName: null, avatar: null } });
    expect(joined).toMatchObject({ member: { roleIds: [] } });
    const role = eventFromJson('role.updated', { id: '30', serverId: '10', name: 'r', color: null, position: 1, permissions: ['KICK_MEMBERS', 'FLY'], createdAt: '2026-11-01T09:00:00.000Z' });
    expect(role).toMatchObject({ role: { permissions: 1024 } });
  });
});
