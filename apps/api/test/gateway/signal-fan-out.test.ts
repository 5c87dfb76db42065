import { messageCreated, NO_MENTIONS, typingStarted } from '@chat/domain';
import { aFanOut, live, stored } from './fan-out-helpers';

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
    const message = stored(1, messageCreated(SERVER, { id: '100', channelId: CHANNEL, content: 'hi', createdAt: new Date(0), editedAt: null, ...NO_MENTIONS, author: { id: '1', username: 'ann', displayName: null, avatar: null }, reactions: [] }, null));

    fanOut.signal(typingStarted({ id: CHANNEL, serverId: SERVER }, '1', expiresAt));
    const position = socket.connection?.position;
    fanOut.deliver([message.logged]);

    expect({ position, sent: socket.sent }).toEqual({ position: 0, sent: [typingFrame(CHANNEL, SERVER, '1'), message.frame] });
  });
});
