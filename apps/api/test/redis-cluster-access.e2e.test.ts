import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from '@chat/postgres/testing';
import { createRedisClient, whenReady, type ClusterNode } from '@chat/redis';
import request from 'supertest';
import { loadConfig } from '../src/config';
import { redisTargetOf } from '../src/redis-target';
import { GatewayClient, gatewayUrl } from './gateway/gateway-client';
import { freePort } from './redis-testing';
import { startReplica } from './replica-process';

// A Redis Cluster of this test's own that asks what managed clusters ask: a password and TLS on
// every node (`tls-cluster yes`, no plain port). Three masters from Debian's redis-server, a CA and
// a certificate for 127.0.0.1 made with openssl. The API reaches it through REDIS_CLUSTER_PASSWORD,
// REDIS_CLUSTER_TLS and NODE_EXTRA_CA_CERTS, as an operator would set them.

const PASSWORD = 'cluster-access-test-password';
const has = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const tools = has('redis-server', ['--version']) && has('redis-cli', ['--version']) && has('openssl', ['version']);
if (!tools) {
  if (process.env.CI === 'true') throw new Error('redis-server, redis-cli and openssl are needed for the Redis Cluster access tests');
  process.stderr.write('\n\n!!! redis-server, redis-cli or openssl is missing: the Redis Cluster TLS/password tests are SKIPPED !!!\n\n\n');
}
const describeWithTools: jest.Describe = (tools ? describe : describe.skip) as jest.Describe;

/** A CA, and a certificate for 127.0.0.1 that it signed. */
function certificates(dir: string): { ca: string; cert: string; key: string } {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '1', '-subj', '/CN=chat test CA');
  openssl('req', ...ec, '-keyout', 'node.key', '-out', 'node.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl('x509', '-req', '-in', 'node.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'node.crt', '-days', '1', '-extfile', 'san.ext');
  return { ca: join(dir, 'ca.crt'), cert: join(dir, 'node.crt'), key: join(dir, 'node.key') };
}

describeWithTools('a Redis Cluster with a password and TLS (REDIS_CLUSTER_PASSWORD, REDIS_CLUSTER_TLS)', () => {
  let dir: string;
  let files: { ca: string; cert: string; key: string };
  let nodes: ClusterNode[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'chat-cluster-access-'));
    files = certificates(dir);
    nodes = [];
    for (let i = 0; i < 3; i++) nodes.push({ host: '127.0.0.1', port: await freePort() });
    for (const { port } of nodes) {
      execFileSync('redis-server', [
        '--port', '0', '--tls-port', String(port), '--bind', '127.0.0.1', '--daemonize', 'yes',
        '--dir', dir, '--logfile', join(dir, `${port}.log`), '--pidfile', join(dir, `${port}.pid`), '--dbfilename', `${port}.rdb`,
        '--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`, '--cluster-node-timeout', '2000',
        '--tls-cluster', 'yes', '--tls-cert-file', files.cert, '--tls-key-file', files.key, '--tls-ca-cert-file', files.ca, '--tls-auth-clients', 'no',
        '--requirepass', PASSWORD, '--masterauth', PASSWORD, '--save', '', '--appendonly', 'no',
      ]);
    }
    const cli = ['--tls', '--cacert', files.ca, '-a', PASSWORD, '--no-auth-warning'];
    for (const { port } of nodes) {
      for (let tries = 0; !has('redis-cli', [...cli, '-p', String(port), 'ping']); tries++) {
        if (tries > 100) throw new Error(`the node on ${port} did not start`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    execFileSync('redis-cli', [...cli, '--cluster', 'create', ...nodes.map(({ host, port }) => `${host}:${port}`), '--cluster-replicas', '0', '--cluster-yes'], { stdio: 'ignore' });
    for (let tries = 0; !/cluster_state:ok/.test(execFileSync('redis-cli', [...cli, '-p', String(nodes[0]!.port), 'cluster', 'info']).toString()); tries++) {
      if (tries > 100) throw new Error('the cluster did not come up');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 60_000);

  afterAll(() => {
    for (const { port } of nodes ?? []) spawnSync('redis-cli', ['--tls', '--cacert', files.ca, '-a', PASSWORD, '--no-auth-warning', '-p', String(port), 'shutdown', 'nosave'], { stdio: 'ignore' });
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const settings = (extra: Record<string, string> = {}) => ({ REDIS_CLUSTER_NODES: nodes.map(({ host, port }) => `${host}:${port}`).join(','), ...extra });

  it("is reached with the settings' password over TLS: keys on every master are written and read", async () => {
    const target = redisTargetOf(loadConfig(settings({ REDIS_CLUSTER_PASSWORD: PASSWORD, REDIS_CLUSTER_TLS: 'true' })));
    expect(target).toMatchObject({ password: PASSWORD, tls: {} });
    if (!target || !('nodes' in target)) throw new Error('not a cluster target');
    // NODE_EXTRA_CA_CERTS is read when a process starts: in this one, the CA is given to the client.
    const client = createRedisClient({ ...target, tls: { ca: [readFileSync(files.ca)] } });
    try {
      expect(await whenReady(client, 10_000)).toBe(true);
      const keys = ['{a}access', '{b}access', '{c}access'];
      for (const key of keys) await client.set(key, key);
      expect(await Promise.all(keys.map((key) => client.get(key)))).toEqual(keys);
    } finally {
      client.disconnect();
    }
  });

  it.each([
    ['without the password', { tls: true, password: undefined }],
    ['with a wrong password', { tls: true, password: 'not-the-password' }],
    ['without TLS', { tls: false, password: PASSWORD }],
  ])('is not reached %s', async (_, { tls, password }) => {
    const client = createRedisClient({
      nodes,
      ...(password === undefined ? {} : { password }),
      ...(tls ? { tls: { ca: [readFileSync(files.ca)] } } : {}),
    });
    try {
      expect(await whenReady(client, 3_000)).toBe(false);
    } finally {
      client.disconnect();
    }
  });

  describeWithPostgres('an API process on it', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createPostgresDatabase();
    });
    afterAll(async () => {
      await database?.drop();
    });

    it('answers ready with Redis up and sends a message, trusting the CA through NODE_EXTRA_CA_CERTS', async () => {
      const api = await startReplica({
        ...settings({ REDIS_CLUSTER_PASSWORD: PASSWORD, REDIS_CLUSTER_TLS: '1' }),
        NODE_EXTRA_CA_CERTS: files.ca,
        DATABASE_URL: database.url,
        JWT_SECRET: 'cluster-access-test-secret-0123456789abcdef',
      });
      let socket: GatewayClient | undefined;
      try {
        const ready = await request(api.url).get('/ready');
        expect(ready.status).toBe(200);
        expect(ready.body.checks).toMatchObject({ redis: 'up' });
        const registered = await request(api.url).post('/api/users/register').send({ username: 'tls_alice', email: 'tls_alice@example.com', password: 'correct horse' });
        expect(registered.status).toBe(201);
        const auth = { authorization: `Bearer ${registered.body.token}` };
        const server = await request(api.url).post('/api/servers').set(auth).send({ name: 'Over TLS' });
        expect(server.status).toBe(201);
        const channels = await request(api.url).get(`/api/servers/${server.body.id}/channels`).set(auth);
        // A socket in that server: the replica's reader follows its shards' rings, on a pub/sub
        // connection of its own (the password and TLS too).
        socket = await GatewayClient.connect(gatewayUrl(api.url));
        await socket.identify(registered.body.token);
        const masters = createRedisClient({ nodes, password: PASSWORD, tls: { ca: [readFileSync(files.ca)] } });
        try {
          expect(await whenReady(masters, 10_000)).toBe(true);
          const rings = async () => (await Promise.all(masters.nodes('master').map((node) => node.call('PUBSUB', 'CHANNELS', '*:bell') as Promise<string[]>))).flat();
          for (const deadline = Date.now() + 10_000; (await rings()).length === 0; ) {
            if (Date.now() > deadline) throw new Error('the rings’ subscription did not reach the cluster');
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        } finally {
          masters.disconnect();
        }
        const sent = await request(api.url).post(`/api/channels/${channels.body[0].id}/messages`).set(auth).send({ content: 'through a cluster that asks a password over TLS' });
        expect(sent.status).toBe(201);
        const created = await socket.next((frame) => frame.t === 'message.created', 10_000, 'the message over the gateway');
        expect(created.d).toMatchObject({ id: sent.body.id, content: 'through a cluster that asks a password over TLS' });
      } finally {
        socket?.socket.close();
        await api.stop();
      }
    }, 60_000);
  });
});
