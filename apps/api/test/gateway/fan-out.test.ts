import { eventJson, lazilyDecoded, type StoredLoggedEvent } from '@chat/contract';
import { Audience, memberLeft, messageCreated, NO_MENTIONS, routeOf, type ChatEvent, type GatewaySnapshot } from '@chat/domain';
import pino from 'pino';
import { Connection, type ConnectionSocket } from '../../src/gateway/connection';
import { Delivery } from '../../src/gateway/delivery';
import { FanOut } from '../../src/gateway/fan-out';

class RecordingSocket implements ConnectionSocket {
  readonly bufferedAmount = 0;
  readonly sent: string[] = [];
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {}
  terminate(): void {}
}

const SERVER = '10';
const snapshot: GatewaySnapshot = { logId: 'abc', head: 0, oldest: 0, user: { id: '0', username: 'x', displayName: null, avatar: null }, servers: [], privateChannels: [], conversationIds: new Set(), joinedAfter: new Set(), hidden: new Map(),
  shownAfter: new Map(),
  unplaced: new Set(), readStates: [] };

/** A live connection of `userId`, a member of `servers`, in the fan-out. */
function live(fanOut: FanOut, userId: string, servers: string[]): RecordingSocket {
  const socket = new RecordingSocket();
  const connection = new Connection(socket, '127.0.0.1', 10_000);
  connection.startOpening();
  connection.begin(new Audience(userId, `s-${userId}`, new Set(servers)), snapshot, true, 0);
  fanOut.join(connection);
  return socket;
}

/** An event as the log hands it on (stored text and route), and as the wire frames it. */
function stored(position: number, event: ChatEvent): { logged: StoredLoggedEvent; frame: string } {
  const { t, d } = eventJson(event);
  const logged = lazilyDecoded(position, `e-${position}`, t, JSON.stringify(d), routeOf(event));
  return { logged, frame: JSON.stringify({ op: 'dispatch', t, cursor: `abc-${position}`, d }) };
}

/** The same event, but reading its content throws: what is routed by its route never reads it. */
function sealed({ logged }: { logged: StoredLoggedEvent }): StoredLoggedEvent {
  return {
    position: logged.position,
    id: logged.id,
    route: logged.route,
    wire: logged.wire,
    get event(): never {
      throw new Error('the gateway decoded an event it only had to route');
    },
  };
}

const said = messageCreated(
  SERVER,
  { id: '100', channelId: '20', content: 'hi', createdAt: new Date('2026-11-01T10:00:00.000Z'), editedAt: null, ...NO_MENTIONS, author: { id: '1', username: 'ann', displayName: null, avatar: null }, reactions: [] },
  null,
);

describe('the fan-out', () => {
  afterEach(() => jest.restoreAllMocks());

  it('routes a message to every member’s socket by its stored route, without decoding it', () => {
    const fanOut = new FanOut(new Delivery({ logId: 'abc', maxBufferBytes: 1 << 20 }), pino({ level: 'silent' }));
    const members = ['1', '2', '3'].map((userId) => live(fanOut, userId, [SERVER]));
    const outsider = live(fanOut, '4', ['11']);
    const message = stored(1, said);
    const parse = jest.spyOn(JSON, 'parse');

    fanOut.deliver([sealed(message)]);

    expect(parse).not.toHaveBeenCalled();
    expect(members.map((socket) => socket.sent)).toEqual([[message.frame], [message.frame], [message.frame]]);
    expect(outsider.sent).toEqual([]);
  });

  it('still follows a leave, by its route: the leaver gets it, and nothing of the server after it', () => {
    const fanOut = new FanOut(new Delivery({ logId: 'abc', maxBufferBytes: 1 << 20 }), pino({ level: 'silent' }));
    const [stays, leaves] = ['1', '2'].map((userId) => live(fanOut, userId, [SERVER]));
    const left = stored(1, memberLeft(SERVER, '2', 'leave'));
    const after = stored(2, said);

    fanOut.deliver([left.logged, sealed(after)]);

    expect(stays?.sent).toEqual([left.frame, after.frame]);
    expect(leaves?.sent).toEqual([left.frame]);
  });
});
