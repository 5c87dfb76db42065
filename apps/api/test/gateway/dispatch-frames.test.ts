import { eventJson, lazilyDecoded } from '@chat/contract';
import {
  channelCreated,
  channelDeleted,
  channelGained,
  channelLost,
  memberJoined,
  memberLeft,
  messageCreated,
  messageDeleted,
  reactionChanged,
  routeOf,
  serverDeleted,
  type ChatEvent,
  type MessageView,
  NO_MENTIONS,
} from '@chat/domain';
import { Delivery } from '../../src/gateway/delivery';

const message: MessageView = {
  id: '100',
  channelId: '20',
  content: 'hi "there" \u2028 😀 \\ </script>',
  createdAt: new Date('2026-11-01T10:00:00.123Z'),
  editedAt: null,
  ...NO_MENTIONS,
  attachments: [], replyTo: null, pinned: false,
  author: { id: '3', username: 'ann', displayName: null, avatar: null },
  reactions: [{ emoji: '👍', count: 2, reacted: false }],
};

const EVENTS: ChatEvent[] = [
  messageCreated('10', message, 'n-1'),
  messageCreated('10', message, null),
  messageDeleted('10', '20', '100'),
  reactionChanged('reaction.added', '10', '20', '3', { messageId: '100', emoji: '👍', count: 2, reacted: true }),
  memberJoined({ serverId: '10', userId: '3', joinedAt: new Date('2026-11-01T09:00:00.000Z'), user: { id: '3', username: 'ann', displayName: null, avatar: null }, roleIds: [] }),
  memberLeft('10', '3', 'kick'),
  channelCreated({ id: '21', serverId: '10', name: 'random', topic: null, position: 0, permissionOverwrites: [], createdAt: new Date('2026-11-01T09:30:00.000Z') }),
  serverDeleted('10'),
];

const delivery = new Delivery({ logId: 'abc', maxBufferBytes: 1 << 20, linkAttachment: (id) => `/api/attachments/${id}?signed` });

/** The frame as the gateway wrote it before it spliced stored text: the event written again. */
const written = (position: number, event: ChatEvent) =>
  JSON.stringify({ op: 'dispatch', t: event.type, cursor: `abc-${position}`, d: eventJson(event).d });

describe('dispatch frames', () => {
  it.each(EVENTS.map((event) => [event.type, event]))('splices the stored text of %s into the same bytes as writing it again', (_type, event) => {
    const logged = lazilyDecoded(42, 'e-42', event.type, JSON.stringify(eventJson(event).d));

    expect(logged.wire).not.toBeNull();
    expect(delivery.frameOf(logged)).toBe(written(42, event));
  });

  it('writes again the send statement’s message.created, which the log holds in another form', () => {
    const fromSql =
      '{"id" : "100", "channelId" : "20", "content" : "hi", "createdAt" : "2026-11-01T10:00:00.123Z", "editedAt" : null, ' +
      '"author" : {"id" : "3", "username" : "ann"}, "reactions" : [], "serverId" : "10", "nonce" : null}';
    const logged = lazilyDecoded(43, 'e-43', 'message.created', fromSql);

    const frame = delivery.frameOf(logged);

    expect(frame).toBe(written(43, messageCreated('10', { ...message, content: 'hi', reactions: [] }, null)));
    expect(frame).not.toContain('nonce');
  });

  it("signs a message's file links into the frame, the stored text and the event written again alike", () => {
    const withFile = messageCreated('10', { ...message, attachments: [{ id: '77', filename: 'a.png', contentType: 'image/png', size: 1, width: 1, height: 1 }] }, null);
    const signed = '/api/attachments/77?signed';

    for (const logged of [lazilyDecoded(48, 'e-48', withFile.type, JSON.stringify(eventJson(withFile).d)), { position: 48, id: '48', route: routeOf(withFile), event: withFile }]) {
      const frame = JSON.parse(delivery.frameOf(logged) ?? '');
      expect(frame.d.attachments).toEqual([{ id: '77', filename: 'a.png', contentType: 'image/png', size: 1, width: 1, height: 1, url: signed }]);
    }
  });

  it('writes an event without stored text (the in-memory log) from the event', () => {
    const event = memberLeft('10', '3', 'ban');

    expect(delivery.frameOf({ position: 44, id: '44', route: routeOf(event), event })).toBe(written(44, event));
  });

  it('passes on a field a newer version added, as the log holds it, rather than dropping it', () => {
    const event = memberLeft('10', '3', 'leave');
    const stored = JSON.stringify({ ...eventJson(event).d, note: 'from a newer replica' });
    const logged = lazilyDecoded(45, 'e-45', event.type, stored);

    expect(JSON.parse(delivery.frameOf(logged) ?? '')).toEqual({ op: 'dispatch', t: 'member.left', cursor: 'abc-45', d: { ...eventJson(event).d, note: 'from a newer replica' } });
  });

  it('sends one member’s change of sight as the client types, channel.deleted and channel.created, without the member’s id', () => {
    const channel = { id: '21', serverId: '10', name: 'leads', topic: null, position: 1, permissionOverwrites: [], createdAt: new Date('2026-11-01T09:30:00.000Z') };
    const stored = (position: number, event: ChatEvent) => lazilyDecoded(position, `e-${position}`, event.type, JSON.stringify(eventJson(event).d), routeOf(event));

    expect(delivery.frameOf(stored(46, channelLost('10', '21', '3')))).toBe(written(46, channelDeleted('10', '21')));
    expect(delivery.frameOf(stored(47, channelGained(channel, '3')))).toBe(written(47, channelCreated(channel)));
  });
});
