import { connectCluster } from '../redis-testing';
import { Clients } from './gateway-client';
import { itCrossesReplicas } from './cross-replica-its';
import { clusterReplicaSettings, describeWithPostgresAndCluster, replicaPair } from './replica-pair';
import { deliversInRestShape, resumesAfterKill } from './scenarios';

/*
 * A and B: two replicas on one PostgreSQL, sharing the bus through the Redis Cluster
 * (REDIS_CLUSTER_NODES): the event stream, logout's fan-out (a session.revoked event on it) and
 * a resume on the other replica after one is killed. The gateway's every case runs on one Redis in
 * gateway.replicas.e2e.test.ts; these are the ones that cross replicas through Redis.
 */
describeWithPostgresAndCluster('the gateway on two replicas sharing PostgreSQL and a Redis Cluster', () => {
  const clients = new Clients();
  const pair = replicaPair(clients, (databaseUrl) => clusterReplicaSettings(databaseUrl, 'gateway-cluster-share-this-secret-0123456789'));

  itCrossesReplicas(clients, () => ({ write: pair.a.url, read: pair.b.url, resumeOn: pair.a.url }));

  it('carries the events through the cluster’s sharded streams, not only the database (the readers’ fallback)', async () => {
    await deliversInRestShape(clients, { write: pair.a.url, read: pair.b.url, resumeOn: pair.a.url });
    const cluster = await connectCluster();
    try {
      const keys = (await Promise.all(cluster.nodes('master').map((node) => node.keys(`${pair.env.REDIS_KEY_PREFIX}events:*`)))).flat();
      expect(keys.filter((key) => /events:v6:.*:index$/.test(key))).toHaveLength(1);
      expect(keys.filter((key) => /events:v6:\{s\d+\}:/.test(key)).length).toBeGreaterThan(0);
      expect(keys.every((key) => key.includes('events:v6:'))).toBe(true);
      for (const key of keys) expect(await cluster.xlen(key)).toBeGreaterThan(0);
      // Neither replica fell back to the database to publish or to read.
      expect([...pair.a.logs, ...pair.b.logs].filter((line) => /(read|publish)(ing)? events (from|to) Redis/.test(line))).toEqual([]);
    } finally {
      cluster.disconnect();
    }
  }, 30_000);

  it('a client whose replica is SIGKILLed mid-stream resumes on the other and gets every message once, in order', async () => {
    await resumesAfterKill(clients, { write: pair.a.url, read: pair.b.url, resumeOn: pair.a.url }, () => pair.b.stop('SIGKILL'));
  }, 90_000);
});
