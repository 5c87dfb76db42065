import { describeWithPostgres } from '@chat/postgres/testing';
import { startReplica } from '../replica-process';
import { describeEachRedis, uniquePrefix } from '../redis-testing';
import { Clients, type Frame } from './gateway-client';
import { replicaPair } from './replica-pair';
import { createServer, join, register } from './rest';
import { presenceAcrossTheGateway, presenceFollowsMembership, typingReachesThoseWhoSee } from './signal-scenarios';

/** A short heartbeat, so a dead replica's users are seen offline soon: the clients beat three times an interval. */
const HEARTBEAT_MS = 1_000;

/*
 * A and B: two replicas on one PostgreSQL and one Redis (their own key prefix), passing signals
 * between them and keeping presence together, with a heartbeat of a second; then the same on the
 * Redis Cluster.
 */
describeWithPostgres('signals between two replicas', () => describeEachRedis('sharing PostgreSQL and Redis', (shape) => {
  const clients = new Clients(HEARTBEAT_MS / 3);
  const pair = replicaPair(clients, (databaseUrl) => ({
    DATABASE_URL: databaseUrl,
    ...shape.env(),
    REDIS_KEY_PREFIX: uniquePrefix(),
    JWT_SECRET: 'signal-replicas-share-this-secret-0123456789',
    RATE_LIMIT_REGISTER: '1000/1h',
    RATE_LIMIT_LOGIN: '1000/60s',
    GATEWAY_HEARTBEAT_MS: String(HEARTBEAT_MS),
  }));

  it('typing through A is heard live on B by those who see the channel, not by the typist or a stranger; a resume on A does not replay it', async () => {
    await typingReachesThoseWhoSee(clients, { write: pair.a.url, read: pair.b.url, resumeOn: pair.a.url });
  }, 20_000);

  it('shows a user online on B from their socket on A, as they choose on either, then offline once both closed; ready and the members route agree', async () => {
    await presenceAcrossTheGateway(clients, { write: pair.a.url, read: pair.b.url, resumeOn: pair.a.url });
  }, 20_000);

  it('lists in ready a user online who joins a server, and not once they leave, are kicked or banned', async () => {
    await presenceFollowsMembership(clients, { write: pair.a.url, read: pair.b.url, resumeOn: pair.a.url });
  }, 30_000);

  it('shows a user offline within two heartbeat intervals when the replica holding their socket is killed, and only once', async () => {
    const c = await startReplica(pair.env);
    const [user, watcher] = [await register(pair.a.url, 'doomed'), await register(pair.a.url, 'watcher')];
    const server = await createServer(pair.a.url, watcher, 'Kill');
    await join(pair.a.url, user, server.id, watcher);
    const watching = await clients.open(pair.a.url);
    await watching.identify(watcher.token);
    const onC = await clients.open(c.url);
    await onC.identify(user.token);
    const about = (status: string) => (f: Frame) => f.t === 'presence.updated' && f.d?.userId === user.id && f.d?.status === status;
    await watching.next(about('online'), 10_000, 'the user online');

    await c.stop('SIGKILL');
    // From its death (the exit seen), not from the signal's sending: a loaded machine may take a while to deliver it.
    const killedAt = Date.now();
    await watching.next(about('offline'), 2 * HEARTBEAT_MS + 3_000, 'the user offline');
    const took = Date.now() - killedAt;
    // Another reap pass or two, on both live replicas: nobody is told twice.
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS));

    expect(took).toBeLessThan(2 * HEARTBEAT_MS);
    expect(watching.signals().filter((f) => f.d?.userId === user.id).map((f) => f.d.status)).toEqual(['online', 'offline']);
  }, 20_000);
}));
