// Finds out once whether the real PostgreSQL (and its streaming replica, .ci/pg-replica), Redis, Redis Cluster (.ci/redis-cluster) and S3-protocol server (s3rver, see .ci/run) are reachable. Tests that need them read
// the answer from the environment. With CI=true a missing service fails the run instead of
// skipping: CI must never pass green without the real servers.
const net = require('node:net');

const reachable = (url) =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname, port: Number(port) }, () => {
      socket.end();
      resolve(true);
    });
    socket.setTimeout(2000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(false));
  });

module.exports = async () => {
  process.env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/test';
  process.env.TEST_REDIS_URL ||= 'redis://127.0.0.1:6379';
  process.env.TEST_S3_URL ||= 'http://127.0.0.1:4568';
  // A streaming replica of TEST_DATABASE_URL's server (.ci/pg-replica starts one), for the read-replica tests.
  process.env.TEST_PG_REPLICA_URL ||= 'postgres://postgres@127.0.0.1:5433/test';
  const services = { postgres: process.env.TEST_DATABASE_URL, redis: process.env.TEST_REDIS_URL, s3: process.env.TEST_S3_URL, pg_replica: process.env.TEST_PG_REPLICA_URL };
  // A cluster's seed nodes (host:port,…), as REDIS_CLUSTER_NODES takes them; each must answer.
  process.env.TEST_REDIS_CLUSTER_NODES ||= '127.0.0.1:7001,127.0.0.1:7002,127.0.0.1:7003';
  const clusterNodes = process.env.TEST_REDIS_CLUSTER_NODES.split(',').map((node) => `redis://${node.trim()}`);
  const clusterUp = (await Promise.all(clusterNodes.map(reachable))).every(Boolean);
  process.env.TEST_REDIS_CLUSTER_UP = clusterUp ? '1' : '';
  if (!clusterUp) {
    const message = `the Redis Cluster is not reachable at ${process.env.TEST_REDIS_CLUSTER_NODES}`;
    if (process.env.CI === 'true') throw new Error(`${message}: CI needs it; start it with .ci/redis-cluster`);
    process.stderr.write(`\n\n!!! ${message} (.ci/redis-cluster starts one): tests that need it are SKIPPED !!!\n\n\n`);
  }
  for (const [name, url] of Object.entries(services)) {
    const up = await reachable(url);
    process.env[`TEST_${name.toUpperCase()}_UP`] = up ? '1' : '';
    if (up) continue;
    const message = `${name} is not reachable at ${url.replace(/\/\/[^@]*@/, '//')}`;
    if (process.env.CI === 'true') throw new Error(`${message}: CI needs it; start it (see .ci/run)`);
    process.stderr.write(`\n\n!!! ${message}: tests that need it are SKIPPED !!!\n\n\n`);
  }
};
