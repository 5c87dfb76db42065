import type { StoredLoggedEvent } from '@chat/contract';
import { memberJoined, memberLeft, messageCreated, NO_MENTIONS, serverDeleted } from '@chat/domain';
import { aFanOut, live, opening, RecordingStream, stored } from './fan-out-helpers';
import { encodeTextFrame } from '../../src/gateway/shared-frame';

const SERVER = '10';

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
  { id: '100', channelId: '20', content: 'hi', createdAt: new Date('2026-11-01T10:00:00.000Z'), editedAt: null, ...NO_MENTIONS, attachments: [], replyTo: null, pinned: false, author: { id: '1', username: 'ann', displayName: null, avatar: null }, reactions: [] },
  null,
);

describe('the fan-out', () => {
  afterEach(() => jest.restoreAllMocks());

  it('routes a message to every member’s socket by its stored route, without decoding it', () => {
    const fanOut = aFanOut();
    const members = ['1', '2', '3'].map((userId) => live(fanOut, userId, [SERVER]));
    const outsider = live(fanOut, '4', ['11']);
    const message = stored(1, said);
    const parse = jest.spyOn(JSON, 'parse');

    fanOut.deliver([sealed(message)]);

    expect(parse).not.toHaveBeenCalled();
    expect(members.map((socket) => socket.sent)).toEqual([[message.frame], [message.frame], [message.frame]]);
    expect(outsider.sent).toEqual([]);
  });

  it('encodes an event’s frame once for every socket it goes to: the same bytes on each stream', () => {
    const fanOut = aFanOut();
    const streams = ['1', '2', '3'].map(() => new RecordingStream());
    streams.forEach((stream, i) => live(fanOut, String(i + 1), [SERVER], undefined, stream));
    const message = stored(1, said);

    fanOut.deliver([message.logged]);

    const [first] = streams[0]?.written ?? [];
    expect(first).toEqual(encodeTextFrame(message.frame));
    expect(streams.map(({ written }) => written.length === 1 && written[0] === first)).toEqual([true, true, true]);
  });

  it('still follows a leave, by its route: the leaver gets it, and nothing of the server after it', () => {
    const fanOut = aFanOut();
    const [stays, leaves] = ['1', '2'].map((userId) => live(fanOut, userId, [SERVER]));
    const left = stored(1, memberLeft(SERVER, '2', 'leave'));
    const after = stored(2, said);

    fanOut.deliver([left.logged, sealed(after)]);

    expect(stays?.sent).toEqual([left.frame, after.frame]);
    expect(leaves?.sent).toEqual([left.frame]);
  });

  it('tells of each place a live connection comes into or goes out of, once: its servers as it goes live, then a join and a leave of its user', () => {
    const moves: [string, string, boolean][] = [];
    const fanOut = aFanOut((connection, placeId, hears) => moves.push([connection.audience?.userId ?? '?', placeId, hears]));
    live(fanOut, '1', [SERVER]);
    live(fanOut, '2', [SERVER]);
    const user = { id: '1', username: 'ann', displayName: null, avatar: null };
    const joined = stored(1, memberJoined({ serverId: '11', userId: '1', joinedAt: new Date('2026-11-01T10:00:00.000Z'), user, roleIds: [] }));
    const left = stored(3, memberLeft(SERVER, '1', 'kick'));

    fanOut.deliver([joined.logged, stored(2, said).logged, left.logged]);

    expect(moves).toEqual([
      ['1', SERVER, true],
      ['2', SERVER, true],
      ['1', '11', true],
      ['1', SERVER, false],
    ]);
  });

  it('lets go of a deleted server: its members get the deletion, are out of its place (presence, interest) and hear nothing of it after', () => {
    const moves: [string, string, boolean][] = [];
    const fanOut = aFanOut((connection, placeId, hears) => moves.push([connection.audience?.userId ?? '?', placeId, hears]));
    // User 2 on two sockets: each is let go of the server.
    const members = ['1', '2', '2'].map((userId) => live(fanOut, userId, [SERVER, '11']));
    moves.length = 0;
    const deleted = stored(1, serverDeleted(SERVER));
    const before = fanOut.version;

    fanOut.deliver([deleted.logged, sealed(stored(2, said))]);

    expect(members.map((socket) => socket.sent)).toEqual([[deleted.frame], [deleted.frame], [deleted.frame]]);
    expect(moves).toEqual([
      ['1', SERVER, false],
      ['2', SERVER, false],
      ['2', SERVER, false],
    ]);
    expect([...fanOut.places()].sort()).toEqual(['1', '11', '2']);
    expect(fanOut.version).toBeGreaterThan(before);
  });

  it('is the replica’s interest: the places of its live connections (their servers, their users), moving on as they change', () => {
    const fanOut = aFanOut();
    const places = () => [...fanOut.places()].sort();
    const opened = opening('1', [SERVER]);
    fanOut.expect(opened.connection);
    // Opening its session: not yet an interest (its replay reads the database up to the reader).
    expect(places()).toEqual([]);
    const before = fanOut.version;
    fanOut.join(opened.connection);
    expect(fanOut.version).toBeGreaterThan(before);
    expect(places()).toEqual(['1', SERVER]);

    const user = { id: '1', username: 'ann', displayName: null, avatar: null };
    const joining = fanOut.version;
    fanOut.deliver([stored(1, memberJoined({ serverId: '11', userId: '1', joinedAt: new Date('2026-11-01T10:00:00.000Z'), user, roleIds: [] })).logged]);
    expect(fanOut.version).toBeGreaterThan(joining);
    expect(places()).toEqual(['1', SERVER, '11'].sort());

    const leaving = fanOut.version;
    fanOut.forget(opened.connection);
    expect(fanOut.version).toBeGreaterThan(leaving);
    expect(places()).toEqual([]);
  });

  it('keeps its version while the places stay the same: a join to a server already in the index moves nothing a reader must hash again', () => {
    const fanOut = aFanOut();
    live(fanOut, '1', [SERVER]);
    const second = opening('2', []);
    fanOut.expect(second.connection);
    fanOut.join(second.connection);
    const user = { id: '2', username: 'bob', displayName: null, avatar: null };
    const before = fanOut.version;

    fanOut.deliver([stored(1, memberJoined({ serverId: SERVER, userId: '2', joinedAt: new Date('2026-11-01T10:00:00.000Z'), user, roleIds: [] })).logged]);

    expect([...fanOut.places()].sort()).toEqual(['1', SERVER, '2'].sort());
    expect(fanOut.version).toBe(before);
  });

  it('tells its listeners when a connection goes live, once its places hold it, and not while it only opens', () => {
    const fanOut = aFanOut();
    const heard: string[][] = [];
    fanOut.onLive(() => heard.push([...fanOut.places()].sort()));
    const socket = opening('1', [SERVER]);
    fanOut.expect(socket.connection);
    expect(heard).toEqual([]);

    fanOut.join(socket.connection);

    expect(heard).toEqual([['1', SERVER].sort()]);
  });
});
