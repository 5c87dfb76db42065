import { sessionRevoked, type EncodedEvent } from '@chat/domain';
import { EVENT_SHARDS, isCluster, shardOf, ShardedRedisEventStream } from '@chat/redis';
import { describeEachRedis, uniquePrefix } from './redis-testing';
import { encoded, said, seen, streamsOn } from './stream-events';

const LOG = 'log1';
const positions = (events: readonly { position: number }[]) => events.map(({ position }) => position);

describeEachRedis('the sharded Redis event stream', (shape) => {
  const on = streamsOn(shape, (redis, blocking, prefix) => new ShardedRedisEventStream(redis, blocking, prefix, LOG));

  /** Three passes: messages of six servers, a revocation (a user's, no server) and a message in a conversation. */
  const EVENTS = [...['1', '2', '3', '4', '5', '6', '1', '2'].map((server, i) => said(`in ${server}`, i, server)), sessionRevoked('9', null), said('in a conversation', 9, null), said('again in 3', 10, '3')];
  const passes = (): EncodedEvent[][] => {
    const events = EVENTS.map((event, i) => encoded(i + 1, event));
    return [events.slice(0, 4), events.slice(4, 9), events.slice(9)];
  };

  it('spreads a pass over its servers’ shards and reads every event back once, in position order, from any position', async () => {
    const stream = on.stream(uniquePrefix());
    const all = passes();
    for (const pass of all) await stream.publish(pass);
    const flat = all.flat();

    expect(new Set(flat.map(shardOf)).size).toBeGreaterThan(3);
    expect(seen(await stream.read(0, 10))).toEqual(EVENTS.map((event, i) => ({ position: i + 1, id: String(1001 + i), event })));
    for (const from of [2, 4, 5, 9, 10]) expect(positions(await stream.read(from, 10))).toEqual(positions(flat.slice(from)));
    expect(await stream.read(11, 10)).toEqual([]);
  });

  if (shape.name === 'cluster') {
    it('puts the shards on more than one master', async () => {
      const prefix = uniquePrefix();
      await on.stream(prefix).publish(passes().flat());
      const redis = on.redis();
      if (!isCluster(redis)) throw new Error('not a cluster');
      const perMaster = await Promise.all(redis.nodes('master').map((node) => node.keys(`${prefix}events:v5:{*`)));
      expect(perMaster.filter((keys) => keys.length > 0).length).toBeGreaterThan(1);
      expect(perMaster.flat().length).toBeLessThanOrEqual(EVENT_SHARDS);
    });
  }

  it('takes a pass published twice once, and refuses positions that do not follow each other', async () => {
    const stream = on.stream(uniquePrefix());
    const [first = []] = passes();
    await stream.publish(first);
    await stream.publish(first);
    expect(positions(await stream.read(0, 10))).toEqual([1, 2, 3, 4]);
    await expect(stream.publish([encoded(5, said('c', 5)), encoded(7, said('d', 7))])).rejects.toThrow('consecutive');
  });

  it('stops before a pass whose shard entry is gone, so the reader reads it from the database, and goes on after it', async () => {
    const prefix = uniquePrefix();
    const stream = on.stream(prefix);
    const [one = [], two = [], three = []] = passes();
    for (const pass of [one, two, three]) await stream.publish(pass);
    const lost = two[0];
    if (!lost) throw new Error('no event');
    // What a failover can lose: a shard's write the old master acknowledged and never passed on.
    expect(await on.redis().xdel(`${prefix}events:v5:{s${shardOf(lost)}}:${LOG}`, `${two[two.length - 1]?.position}-0`)).toBe(1);

    expect(positions(await stream.read(0, 10))).toEqual(positions(one));
    expect(await stream.read(4, 10)).toEqual([]);
    expect(positions(await stream.read(9, 10))).toEqual(positions(three));
  });
});
