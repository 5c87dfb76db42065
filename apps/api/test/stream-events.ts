import { eventJson, lazilyDecoded } from '@chat/contract';
import { memberJoined, messageCreated, NO_MENTIONS, routeOf, type ChatEvent, type EncodedEvent, type EventStream, type LoggedEvent } from '@chat/domain';
import { createBlockingRedisClient, shardOfPlace, whenReady, type RedisClient } from '@chat/redis';
import type { RedisShape } from './redis-testing';

/** Events for the stream adapters' tests: awkward contents, encoded as the relay hands them on. */
export const AWKWARD = ['two\nlines', 'ünïcödé 🎉 and " quotes', '12 message.created 3\n{}', '', ' '.repeat(300)];

/** A message in channel 8 of server 7, or in a channel of `serverId`'s own (`null`: a conversation's, 80). */
export const said = (content: string, i: number, serverId: string | null = '7'): ChatEvent =>
  messageCreated(serverId, { id: String(500 + i), channelId: serverId === '7' ? '8' : `8${serverId ?? '0'}`, content, createdAt: new Date(Date.UTC(2026, 10, 23)), editedAt: null, ...NO_MENTIONS, attachments: [], replyTo: null, pinned: false, author: { id: '9', username: 'ann', displayName: null, avatar: null }, reactions: [] }, null);

/** An id (of a server, a user) whose shard is none of `taken`'s. */
export function idOutside(taken: readonly string[]): string {
  const shards = new Set(taken.map(shardOfPlace));
  for (let n = 100; ; n += 1) if (!shards.has(shardOfPlace(String(n)))) return String(n);
}

/** `userId` joined `serverId`. */
export const joined = (serverId: string, userId: string) =>
  memberJoined({ serverId, userId, joinedAt: new Date(0), user: { id: userId, username: 'ann', displayName: null, avatar: null }, roleIds: [] });

export const encoded = (position: number, event: ChatEvent): EncodedEvent => {
  const { t, d } = eventJson(event);
  return { position, id: String(1000 + position), ...routeOf(event), type: t, data: JSON.stringify(d) };
};

/** `events` at the log's positions 1, 2, …, as one relay's passes hand them on. */
export const inOrder = (events: readonly ChatEvent[]): EncodedEvent[] => events.map((event, i) => encoded(i + 1, event));

/** Encoded events as the database's log gives them back (the history a reader fills gaps from). */
export const loggedOf = (events: readonly EncodedEvent[]): LoggedEvent[] => events.map((e) => lazilyDecoded(e.position, e.id, e.type, e.data, e));

/** What a reader got, decoded. */
export const seen = (events: readonly LoggedEvent[]) => events.map(({ position, id, event }) => ({ position, id, event }));

/**
 * A suite's two clients on `shape` (the stream's, and one for blocking reads), opened before its
 * tests and closed after, and the streams it makes over them under a prefix.
 */
export function streamsOn<S extends EventStream>(shape: RedisShape, make: (redis: RedisClient, blocking: RedisClient, prefix: string) => S): { stream(prefix: string): S; redis(): RedisClient; blocking(): RedisClient } {
  let redis: RedisClient | undefined;
  let blocking: RedisClient | undefined;
  beforeAll(async () => {
    redis = await shape.connect();
    blocking = createBlockingRedisClient(shape.target(), 200);
    // It queues nothing while it connects (as in the API): wait for it.
    if (!(await whenReady(blocking, 5_000))) throw new Error('the blocking Redis client did not connect');
  });
  afterAll(() => {
    redis?.disconnect();
    blocking?.disconnect();
  });
  const opened = (client: RedisClient | undefined): RedisClient => {
    if (!client) throw new Error('the Redis clients are opened before the tests');
    return client;
  };
  return { stream: (prefix) => make(opened(redis), opened(blocking), prefix), redis: () => opened(redis), blocking: () => opened(blocking) };
}
