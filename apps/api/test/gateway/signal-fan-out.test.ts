import { messageCreated, NO_MENTIONS, presenceUpdated, typingStarted } from '@chat/domain';
import { aFanOut, live, opening, RecordingStream, stored } from './fan-out-helpers';
import { encodeTextFrame } from '../../src/gateway/shared-frame';

const SERVER = '10';
const CHANNEL = '20';
const expiresAt = new Date('2026-11-01T10:00:10.000Z');
const typingFrame = (channelId: string, serverId: string | null, userId: string) =>
  JSON.stringify({ op: 'dispatch', t: 'typing.started', d: { channelId, serverId, userId, expiresAt: expiresAt.toISOString() } });

describe('signals in the fan-out', () => {
  it('sends typing.started, without a cursor, to the live sockets of those who see the channel, never to the typist’s own', () => {
    const fanOut = aFanOut();
    const typist = [live(fanOut, '1', [SERVER]), live(fanOut, '1', [SERVER])];
    const [member, otherSocket] = [live(fanOut, '2', [SERVER]), live(fanOut, '2', [SERVER, '11'])];
    const hidden = live(fanOut, '3', [SERVER], { hidden: new Map([[CHANNEL, SERVER]]), shownAfter: new Map() });
    const outsider = live(fanOut, '4', ['11']);

    fanOut.signal(typingStarted({ id: CHANNEL, serverId: SERVER }, '1', expiresAt));

    expect([...typist, member, otherSocket, hidden, outsider].map((socket) => socket.sent)).toEqual([[], [], [typingFrame(CHANNEL, SERVER, '1')], [typingFrame(CHANNEL, SERVER, '1')], [], []]);
  });

  it('routes a conversation’s typing by the conversation, with serverId null', () => {
    const fanOut = aFanOut();
    const [typist, recipient, coMember] = [live(fanOut, '1', ['30']), live(fanOut, '2', ['30', SERVER]), live(fanOut, '3', [SERVER])];

    fanOut.signal(typingStarted({ id: '30', serverId: null }, '1', expiresAt));

    expect([typist.sent, recipient.sent, coMember.sent]).toEqual([[], [typingFrame('30', null, '1')], []]);
  });

  it('moves no connection’s position: the next event of the log still comes, with its cursor', () => {
    const fanOut = aFanOut();
    const socket = live(fanOut, '2', [SERVER]);
    const message = stored(1, messageCreated(SERVER, { id: '100', channelId: CHANNEL, content: 'hi', createdAt: new Date(0), editedAt: null, ...NO_MENTIONS, attachments: [], replyTo: null, pinned: false, author: { id: '1', username: 'ann', displayName: null, avatar: null }, reactions: [] }, null));

    fanOut.signal(typingStarted({ id: CHANNEL, serverId: SERVER }, '1', expiresAt));
    const position = socket.connection?.position;
    fanOut.deliver([message.logged]);

    expect({ position, sent: socket.sent }).toEqual({ position: 0, sent: [typingFrame(CHANNEL, SERVER, '1'), message.frame] });
  });

  it('sends presence.updated once to each co-member’s socket, however many of the user’s servers and conversations it sees; never to the user’s own', () => {
    const fanOut = aFanOut();
    const [self, both, one, stranger] = [live(fanOut, '1', [SERVER, '30']), live(fanOut, '2', [SERVER, '30']), live(fanOut, '3', ['30']), live(fanOut, '4', ['11'])];

    fanOut.signal(presenceUpdated('1', 'dnd', [SERVER, '30']));

    const frame = JSON.stringify({ op: 'dispatch', t: 'presence.updated', d: { userId: '1', status: 'dnd' } });
    expect([self.sent, both.sent, one.sent, stranger.sent]).toEqual([[], [frame], [frame], []]);
  });

  it('encodes a presence change once for all the sockets that hear it: the same bytes written on each one’s stream, none on a closing one', () => {
    const fanOut = aFanOut();
    const streams = Array.from({ length: 50 }, () => new RecordingStream());
    const sockets = streams.map((stream, i) => live(fanOut, String(100 + i), [SERVER], undefined, stream));
    const closing = new RecordingStream();
    live(fanOut, '99', [SERVER], undefined, closing).readyState = 2;

    fanOut.signal(presenceUpdated('1', 'idle', [SERVER]));

    const [first] = streams[0]?.written ?? [];
    const frame = JSON.stringify({ op: 'dispatch', t: 'presence.updated', d: { userId: '1', status: 'idle' } });
    expect(first).toEqual(encodeTextFrame(frame));
    expect(streams.map(({ written }) => written.length === 1 && written[0] === first)).toEqual(streams.map(() => true));
    expect({ closing: closing.written, throughWs: sockets.flatMap(({ sent }) => sent) }).toEqual({ closing: [], throughWs: [] });
  });

  it('holds the signals a connection hears while its session opens, and sends them once it goes live; none it would not hear', () => {
    const fanOut = aFanOut();
    const socket = opening('2', [SERVER]);
    const { connection } = socket;
    fanOut.expect(connection);

    fanOut.signal(presenceUpdated('1', 'online', [SERVER]));
    fanOut.signal(presenceUpdated('3', 'online', ['11']));
    fanOut.signal(typingStarted({ id: CHANNEL, serverId: SERVER }, '1', expiresAt));
    const beforeLive = [...socket.sent];
    fanOut.join(connection);
    fanOut.signal(presenceUpdated('1', 'offline', [SERVER]));

    const presence = (status: string) => JSON.stringify({ op: 'dispatch', t: 'presence.updated', d: { userId: '1', status } });
    expect({ beforeLive, sent: socket.sent }).toEqual({ beforeLive: [], sent: [presence('online'), typingFrame(CHANNEL, SERVER, '1'), presence('offline')] });
  });

  it('lets go of what it held for a connection that closed while opening', () => {
    const fanOut = aFanOut();
    const socket = opening('2', [SERVER]);
    const { connection } = socket;
    fanOut.expect(connection);
    fanOut.signal(presenceUpdated('1', 'online', [SERVER]));

    connection.closed();
    fanOut.forget(connection);
    fanOut.signal(presenceUpdated('1', 'offline', [SERVER]));

    expect({ held: connection.held, sent: socket.sent }).toEqual({ held: undefined, sent: [] });
  });
});
