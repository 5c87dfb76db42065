import { lazilyDecoded } from '@chat/contract';
import { Audience, type GatewaySnapshot } from '@chat/domain';
import { Connection, type ConnectionSocket } from '../../src/gateway/connection';
import { SNAPSHOT } from './fan-out-helpers';

/** A socket that records what the connection sends and how it closes it. */
class RecordingSocket implements ConnectionSocket {
  readonly bufferedAmount = 0;
  readyState = 1;
  readonly sent: string[] = [];
  closedWith: number | undefined;
  send(data: string): void {
    this.sent.push(data);
  }
  close(code: number): void {
    this.closedWith = code;
  }
  terminate(): void {}
}

const snapshot: GatewaySnapshot = { ...SNAPSHOT, head: 10, user: { id: '3', username: 'ann', displayName: null, avatar: null } };

function open(): { connection: Connection; socket: RecordingSocket } {
  const socket = new RecordingSocket();
  const connection = new Connection(socket, '127.0.0.1', 10_000);
  return { connection, socket };
}

/** An event as the log hands it on: its type and its data as stored. */
const logged = (position: number, type: string, data: Record<string, string>) => lazilyDecoded(position, `e-${position}`, type, JSON.stringify(data));

describe('a gateway connection', () => {
  it('moves waiting → syncing → live, once each', () => {
    const { connection } = open();

    expect(connection.state).toBe('waiting');
    expect(connection.goLive()).toBe(false);
    expect(connection.startOpening()).toBe(true);
    expect(connection.startOpening()).toBe(false);
    expect(connection.goLive()).toBe(false); // no session yet
    connection.begin(new Audience('3', '7', new Set(['10'])), snapshot, true, snapshot.head);
    expect(connection.goLive()).toBe(true);
    expect(connection.state).toBe('live');
    expect(connection.startOpening()).toBe(false);
  });

  it('goes back to waiting with invalid_session while syncing, when it holds a user’s place', () => {
    const { connection, socket } = open();
    connection.awaitIdentify();
    connection.startOpening();
    connection.userId = '3';

    connection.invalidSession();

    expect(connection.state).toBe('waiting');
    expect(socket.sent).toEqual(['{"op":"invalid_session"}']);
    connection.close(1000, 'done');
  });

  it('is closed 4003 instead once a socket that never opened a session is past its deadline', () => {
    const { connection, socket } = open();
    connection.startOpening();

    connection.invalidSession();

    expect(connection.state).toBe('closed');
    expect(socket.closedWith).toBe(4003);
    expect(socket.sent).toEqual([]);
  });

  it('stays closed: no move leaves it, and its socket is closed once', () => {
    const { connection, socket } = open();
    connection.close(4009, 'silent');
    connection.close(1001, 'stopping');

    expect(socket.closedWith).toBe(4009);
    expect(connection.startOpening()).toBe(false);
    expect(connection.goLive()).toBe(false);
    expect(connection.state).toBe('closed');
  });

  it('skips what it has handled, and closes 4004 on its own session’s revocation', () => {
    const { connection, socket } = open();
    connection.startOpening();
    connection.begin(new Audience('3', '7', new Set(['10'])), snapshot, true, snapshot.head);
    connection.goLive();
    const deleted = { id: '100', channelId: '20', serverId: '10' };

    expect(connection.admit(logged(11, 'message.deleted', deleted))).toBe('deliver');
    expect(connection.admit(logged(11, 'message.deleted', deleted))).toBe('skip');
    expect(connection.admit(logged(12, 'member.left', { serverId: '11', userId: '4', reason: 'leave' }))).toBe('skip');
    expect(connection.admit(logged(13, 'session.revoked', { userId: '3', sessionId: '7' }))).toBe('close');
    expect(socket.closedWith).toBe(4004);
    expect(connection.state).toBe('closed');
  });
});
