import { describePresenceRegistryContract, describeSignalBusContract, describeThrottleContract } from '@chat/domain/testing/contracts';
import { typingStarted, type Signal } from '@chat/domain';
import { createRedisClient, RedisPresenceRegistry, RedisSignalBus, RedisThrottle, whenReady, type RedisClient } from '@chat/redis';
import { describeEachRedis, redisUrl, uniquePrefix } from './redis-testing';
import { TcpProxy } from './tcp-proxy';

/*
 * On a cluster, signals go by plain PUBLISH/SUBSCRIBE, which the cluster passes to every node: the
 * bus subscribes on any node (ioredis picks one, and another after a failover). The throttle's
 * key is one per claim. Presence's scripts keep every key under one hash tag, and run on its node.
 */
describeEachRedis('signals on the real Redis', (shape) => {
  const opened: RedisClient[] = [];
  const client = async (): Promise<RedisClient> => {
    const redis = await shape.connect();
    opened.push(redis);
    return redis;
  };
  const bus = async (prefix: string): Promise<RedisSignalBus> => {
    const made = new RedisSignalBus(await client(), await client(), prefix);
    await made.start();
    return made;
  };

  afterAll(() => {
    for (const redis of opened) redis.disconnect();
  });

  describeSignalBusContract('Redis pub/sub', () => bus(uniquePrefix()));

  describeThrottleContract('Redis SET NX PX', async () => ({
    throttle: new RedisThrottle(await client(), uniquePrefix()),
    pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }));

  describePresenceRegistryContract('Redis scripts', async () => ({
    registry: new RedisPresenceRegistry(await client(), uniquePrefix()),
    pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }));

  it('carries a signal from one replica’s bus to another’s on the same prefix, and not to one on another prefix', async () => {
    const prefix = uniquePrefix();
    const [a, b, elsewhere] = [await bus(prefix), await bus(prefix), await bus(uniquePrefix())];
    const onB: Signal[] = [];
    const onElsewhere: Signal[] = [];
    b.subscribe((signal) => onB.push(signal));
    elsewhere.subscribe((signal) => onElsewhere.push(signal));
    const signal = typingStarted({ id: '11', serverId: '12' }, '13', new Date('2026-11-28T10:00:10.000Z'));
    const marker = typingStarted({ id: '11', serverId: '12' }, '14', new Date('2026-11-28T10:00:10.000Z'));

    await a.publish(signal);
    await elsewhere.publish(marker);
    const deadline = Date.now() + 2_000;
    while ((onB.length === 0 || onElsewhere.length === 0) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));

    expect({ onB, onElsewhere }).toEqual({ onB: [signal], onElsewhere: [marker] });
  });

  it('passes on nothing it cannot read (another version’s, or not a signal), and goes on with what follows', async () => {
    const prefix = uniquePrefix();
    const [raw, listening] = [await client(), await bus(prefix)];
    const heard: Signal[] = [];
    listening.subscribe((signal) => heard.push(signal));
    const good = typingStarted({ id: '21', serverId: null }, '22', new Date('2026-11-28T10:00:10.000Z'));

    for (const text of ['not json', '{"t":"typing.started","d":{"channelId":5}}', '{"t":"later.type","d":{}}', '{"t":"typing.started","d":{"channelId":"1","serverId":null,"userId":"2","expiresAt":"soon"}}']) {
      await raw.publish(`${prefix}signals:v1`, text);
    }
    await listening.publish(good);
    const deadline = Date.now() + 2_000;
    while (heard.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));

    expect(heard).toEqual([good]);
  });

  // A cluster's nodes announce their own addresses, so one proxy in front of one cannot cut it off.
  if (shape.name === 'single') it('loses signals and lets claims through while Redis is away, saying so once, and once more when it is back', async () => {
    const target = new URL(redisUrl());
    const proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
    await proxy.start();
    const through = createRedisClient({ url: `redis://127.0.0.1:${proxy.port}` });
    opened.push(through);
    await whenReady(through, 5_000);
    const said: string[] = [];
    const throttle = new RedisThrottle(through, uniquePrefix(), { down: () => void said.push('down'), up: () => void said.push('up') });
    const signals = new RedisSignalBus(through, through, uniquePrefix(), { down: () => void said.push('bus down'), up: () => void said.push('bus up') });

    await proxy.cut();
    const whileAway = [await throttle.claim('k', 60_000), await throttle.claim('k', 60_000)];
    await signals.publish(typingStarted({ id: '1', serverId: null }, '2', new Date()));
    await proxy.start();
    await whenReady(through, 5_000);
    const back = [await throttle.claim('k', 60_000), await throttle.claim('k', 60_000)];
    await signals.publish(typingStarted({ id: '1', serverId: null }, '2', new Date()));
    await proxy.cut();

    expect({ whileAway, back, said }).toEqual({ whileAway: [true, true], back: [true, false], said: ['down', 'bus down', 'up', 'bus up'] });
  });
});
