import { sessionRevoked, userUpdated, type EncodedEvent, type LoggedEvent } from '@chat/domain';
import { EVENT_SHARDS, isCluster, shardOf, shardOfPlace, ShardedRedisEventStream } from '@chat/redis';
import { describeEachRedis, uniquePrefix } from './redis-testing';
import { encoded, idOutside, inOrder, joined, said, seen, streamsOn } from './stream-events';

const LOG = 'log1';
const positions = (events: readonly { position: number }[]) => events.map(({ position }) => position);

/** An interest a test moves by hand, as a gateway's places move. */
const interestIn = (...places: string[]): { version: number; places(): Iterable<string>; add(place: string): void } => ({
  version: 1,
  places: () => places,
  add(place: string) {
    places.push(place);
    this.version += 1;
  },
});

/** What a reader was handed: the events' types, a placeholder as `_`. */
const kinds = (events: readonly LoggedEvent[]) => events.map(({ position, route }) => `${position}:${route.type || '_'}`);

describeEachRedis('the sharded Redis event stream', (shape) => {
  const on = streamsOn(shape, (redis, blocking, prefix) => new ShardedRedisEventStream(redis, blocking, prefix, LOG));

  /** Three passes: messages of six servers, a revocation (a user's, no server) and a message in a conversation. */
  const EVENTS = [...['1', '2', '3', '4', '5', '6', '1', '2'].map((server, i) => said(`in ${server}`, i, server)), sessionRevoked('9', null), said('in a conversation', 9, null), said('again in 3', 10, '3')];
  const passes = (): EncodedEvent[][] => {
    const events = inOrder(EVENTS);
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
      const perMaster = await Promise.all(redis.nodes('master').map((node) => node.keys(`${prefix}events:v6:{*`)));
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
    expect(await on.redis().xdel(`${prefix}events:v6:{s${shardOf(lost)}}:${LOG}`, `${two[two.length - 1]?.position}-0`)).toBe(1);

    expect(positions(await stream.read(0, 10))).toEqual(positions(one));
    expect(await stream.read(4, 10)).toEqual([]);
    expect(positions(await stream.read(9, 10))).toEqual(positions(three));
  });

  describe('read for an interest (the places of a replica’s sockets)', () => {
    const sharded = (prefix: string, reads: number[]) => new ShardedRedisEventStream(on.redis(), on.blocking(), prefix, LOG, { onShardRead: (shard) => reads.push(shard) });

    it('reads only the wanted shards, and hands on every other position as a placeholder', async () => {
      const reads: number[] = [];
      const stream = sharded(uniquePrefix(), reads);
      const all = passes();
      for (const pass of all) await stream.publish(pass);
      const mine = '1';
      const got = await stream.read(0, 10, interestIn(mine));

      expect(positions(got)).toEqual(positions(all.flat()));
      const wanted = shardOfPlace(mine);
      expect(new Set(reads)).toEqual(new Set([wanted]));
      for (const [i, event] of all.flat().entries()) {
        if (shardOf(event) === wanted) expect(got[i]).toMatchObject({ id: event.id, route: { type: 'message.created', serverId: event.serverId } });
        else expect(got[i]).toEqual({ position: event.position, id: '', route: { type: '', serverId: null, subjectId: null, channelId: null }, event: null });
      }
      // The placeholders are there, so not one named shard other than the wanted one was read.
      expect(got.filter(({ route }) => route.type === '').length).toBeGreaterThan(0);

      // Wanting no shard reads none, yet moves along the positions.
      reads.length = 0;
      expect(positions(await stream.read(0, 10, interestIn()))).toEqual(positions(all.flat()));
      expect(reads).toEqual([]);
    });

    it('sends a join to its subject’s shard too, stops right after it, and reads on with the widened interest, losing nothing', async () => {
      const reads: number[] = [];
      const stream = sharded(uniquePrefix(), reads);
      const user = '42';
      const server = idOutside([user]);
      // One pass: the server's message before the join, the join, the server's messages after it.
      const pass = inOrder([said('before', 1, server), joined(server, user), said('after 1', 3, server), said('after 2', 4, server)]);
      await stream.publish(pass);
      const interest = interestIn(user);

      const first = await stream.read(0, 10, interest);
      expect(kinds(first)).toEqual(['1:_', '2:member.joined']);
      expect(reads).toEqual([shardOfPlace(user)]);
      // The gateway opens the server to the user's socket: its shard is wanted from here on.
      interest.add(server);
      expect(stream.missed(interest)).toBe(true);
      const rest = await stream.read(2, 10, interest);
      expect(kinds(rest)).toEqual(['3:message.created', '4:message.created']);
      expect(stream.missed(interest)).toBe(false);
      expect(reads.slice(1).sort()).toEqual([shardOfPlace(user), shardOfPlace(server)].sort());
    });

    it('sends a user’s change to the shards of the servers that hear it, read once by a reader of several', async () => {
      const reads: number[] = [];
      const stream = sharded(uniquePrefix(), reads);
      const user = '42';
      const one = idOutside([user]);
      const two = idOutside([user, one]);
      await stream.publish([encoded(1, userUpdated({ id: user, username: 'ann', displayName: 'Ann', avatar: null }, [one, two]))]);

      expect(kinds(await stream.read(0, 10, interestIn(two)))).toEqual(['1:user.updated']);
      expect(kinds(await stream.read(0, 10, interestIn(one, two)))).toEqual(['1:user.updated']);
      expect(kinds(await stream.read(0, 10, interestIn(idOutside([user, one, two]))))).toEqual(['1:_']);
    });

    it('stops before a pass whose wanted shard entry is gone, though other shards hold the rest', async () => {
      const prefix = uniquePrefix();
      const stream = sharded(prefix, []);
      const [one = [], two = [], three = []] = passes();
      for (const pass of [one, two, three]) await stream.publish(pass);
      const lost = two[0];
      if (!lost?.serverId) throw new Error('no event');
      expect(await on.redis().xdel(`${prefix}events:v6:{s${shardOf(lost)}}:${LOG}`, `${two[two.length - 1]?.position}-0`)).toBe(1);

      expect(positions(await stream.read(0, 10, interestIn(lost.serverId)))).toEqual(positions(one));
      // A reader that does not want that shard never misses it.
      expect(positions(await stream.read(0, 10, interestIn(idOutside([lost.serverId]))))).toEqual(positions([...one, ...two, ...three]));
    });
  });
});
