import type { ChosenStatus } from '@chat/domain';
import { RedisPresenceRegistry, type Redis } from '@chat/redis';
import { connect, describeWithRedis, uniquePrefix } from './redis-testing';

/** A key's Redis Cluster hash tag: what is between its first `{` and the first `}` after it, if not empty; else the whole key. */
function hashTag(key: string): string {
  const open = key.indexOf('{');
  const close = open < 0 ? -1 : key.indexOf('}', open + 1);
  return close > open + 1 ? key.slice(open + 1, close) : key;
}

describeWithRedis('the Redis presence registry’s keys', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = await connect();
  });
  afterAll(() => redis.disconnect());

  it('all carry the {presence} hash tag, so every script touches one Cluster slot', async () => {
    const prefix = uniquePrefix();
    const registry = new RedisPresenceRegistry(redis, prefix);
    await registry.enter('replica-a', 60_000, new Map([['1', { count: 1, places: ['10', '11'] }]]));
    await registry.connect('replica-a', '2', ['10'], 'idle');
    await registry.joinPlace('2', '12');
    await registry.choose('1', 'dnd');

    const keys = await redis.keys(`${prefix}*`);

    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((key) => hashTag(key) !== 'presence')).toEqual([]);
    await redis.del(...keys);
  });

  it('refuses to store a status that is not one, chosen or entered with (the scripts store what they are given)', async () => {
    const prefix = uniquePrefix();
    const registry = new RedisPresenceRegistry(redis, prefix);
    const away = 'away' as ChosenStatus;

    await expect(registry.choose('1', away)).rejects.toThrow('not a status: away');
    await expect(registry.enter('replica-a', 60_000, new Map([['1', { count: 1, places: [], chosen: away }]]))).rejects.toThrow('not a status: away');
    expect(await redis.keys(`${prefix}*`)).toEqual([]);
  });

  it('reads the same places asked for in one turn once, with one answer for all; a read asked for after it was sent is its own', async () => {
    const prefix = uniquePrefix();
    const registry = new RedisPresenceRegistry(redis, prefix);
    await registry.enter('replica-a', 60_000, new Map([['1', { count: 1, places: ['10', '11'] }]]));
    const scripts = jest.spyOn(redis, 'evalsha');

    const together = [registry.presentIn(['10', '11']), registry.presentIn(['11', '10']), registry.presentIn(['10', '11'])];
    const answers = await Promise.all(together);
    const sentTogether = scripts.mock.calls.length;
    await registry.connect('replica-a', '2', ['10']);
    const later = await registry.presentIn(['10', '11']);

    expect({ sentTogether, same: answers.every((answer) => answer === answers[0]), first: answers[0] }).toEqual({ sentTogether: 1, same: true, first: [{ userId: '1', status: 'online' }] });
    expect([...later].sort((x, y) => x.userId.localeCompare(y.userId))).toEqual([
      { userId: '1', status: 'online' },
      { userId: '2', status: 'online' },
    ]);
    scripts.mockRestore();
    await redis.del(...(await redis.keys(`${prefix}*`)));
  });
});
