import { channelLost, memberLeft, routeOf, sessionRevoked, type EncodedEvent, type LoggedEvent } from '@chat/domain';
import { RedisEventStream, unpack } from '@chat/redis';
import { describeEachRedis, uniquePrefix } from './redis-testing';
import { AWKWARD, encoded, inOrder, said, seen, streamsOn } from './stream-events';

const packedOf = (events: readonly EncodedEvent[]) =>
  events.map(({ id, type, serverId, subjectId, channelId, data }) => `${id} ${type} ${serverId ?? '-'} ${subjectId ?? '-'} ${channelId ?? '-'} ${data.length}\n${data}`).join('');
/** The routes as read, without decoding a thing. */
const routes = (events: readonly LoggedEvent[]) => events.map(({ route }) => route);

describe('a packed stream entry', () => {
  const events = AWKWARD.map((content, i) => encoded(11 + i, said(content, i)));

  it('gives back each event after the asked position, its data intact', () => {
    const out: LoggedEvent[] = [];
    unpack(packedOf(events), 11, 12, out);
    expect(seen(out)).toEqual(events.slice(2).map(({ position, id }, i) => ({ position, id, event: said(AWKWARD[i + 2]!, i + 2) })));
  });

  it('carries each event’s route beside its text, a null as it was', () => {
    const mixed = [encoded(1, said('hi', 1)), encoded(2, memberLeft('7', '9', 'leave')), encoded(3, sessionRevoked('9', null)), encoded(4, channelLost('7', '8', '9'))];
    const out: LoggedEvent[] = [];
    unpack(packedOf(mixed), 1, 0, out);
    expect(routes(out)).toEqual([
      { type: 'message.created', serverId: '7', subjectId: null, channelId: '8' },
      { type: 'member.left', serverId: '7', subjectId: '9', channelId: null },
      { type: 'session.revoked', serverId: null, subjectId: '9', channelId: null },
      { type: 'channel.lost', serverId: '7', subjectId: '9', channelId: '8' },
    ]);
  });

  it('refuses an entry that does not parse instead of inventing events', () => {
    expect(() => unpack('12 message.created 7 - 8 99\n{}', 1, 0, [])).toThrow('malformed');
    expect(() => unpack('12 message.created 7 - 8\n{}', 1, 0, [])).toThrow('malformed');
    expect(() => unpack('12 message.created 7 - 8 x\n{}', 1, 0, [])).toThrow('malformed');
    // A v3 entry (no channel) or a v2 one (no route): refused, not read with its length taken for a channel or a server.
    expect(() => unpack('12 message.created 7 - 2\n{}', 1, 0, [])).toThrow('malformed');
    expect(() => unpack('12 message.created 2\n{}', 1, 0, [])).toThrow('malformed');
  });
});

describeEachRedis('the Redis event stream', (shape) => {
  const on = streamsOn(shape, (redis, blocking, prefix) => new RedisEventStream(redis, blocking, prefix, 'log1'));

  it('carries a pass as one entry and reads on from any position, inside a pass or between two', async () => {
    const prefix = uniquePrefix();
    const stream = on.stream(prefix);
    const events = [...AWKWARD.slice(0, 3).map((content, i) => said(content, i)), memberLeft('7', '9', 'leave'), said(AWKWARD[3]!, 3)];
    await stream.publish(inOrder(events.slice(0, 3)));
    await stream.publish(events.slice(3).map((event, i) => encoded(i + 4, event)));

    expect(await on.redis().xlen(`${prefix}events:v4:log1`)).toBe(2);
    expect(routes(await stream.read(0, 10))).toEqual(events.map(routeOf));
    expect(seen(await stream.read(0, 10))).toEqual(events.map((event, i) => ({ position: i + 1, id: String(1001 + i), event })));
    expect((await stream.read(2, 10)).map(({ position }) => position)).toEqual([3, 4, 5]);
    expect((await stream.read(3, 10)).map(({ position }) => position)).toEqual([4, 5]);
    expect(await stream.read(5, 10)).toEqual([]);
  });

  it('takes a pass published twice once, and refuses positions that do not follow each other', async () => {
    const stream = on.stream(uniquePrefix());
    const pass = [encoded(1, said('a', 1)), encoded(2, said('b', 2))];
    await stream.publish(pass);
    await stream.publish(pass);
    expect((await stream.read(0, 10)).map(({ position }) => position)).toEqual([1, 2]);
    await expect(stream.publish([encoded(3, said('c', 3)), encoded(5, said('d', 5))])).rejects.toThrow('consecutive');
  });
});
