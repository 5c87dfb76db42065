import { randomBytes } from 'node:crypto';
import { createPostgresDatabase, describeWithReplica, replicaUrlOf, type TestDatabase } from '@chat/postgres/testing';
import request from 'supertest';
import { startReplica, type Replica } from './replica-process';
import { TcpProxy } from './tcp-proxy';

// Two API processes on one primary and its streaming replica (.ci/pg-replica: replays 500 ms late),
// sharing callers' write positions through Redis. The replica is reached through a proxy the test
// can cut, as a replica that stops.

const SECRET = 'read-replicas-share-this-secret-0123456789';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface User {
  readonly token: string;
  readonly id: string;
}

const contents = (body: { content: string }[]): string[] => body.map((message) => message.content);

async function register(api: Replica, username: string): Promise<User> {
  const res = await request(api.url).post('/api/users/register').send({ username, email: `${username}@example.com`, password: 'correct horse' });
  expect(res.status).toBe(201);
  return { token: res.body.token, id: res.body.user.id };
}

/** Until `check` holds, or fails after `ms`: what another reader sees once the replica has replayed. */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(50);
  }
  return Date.now() - started;
}

function apiEnv(database: TestDatabase, replicaUrl: string): Record<string, string> {
  return {
    DATABASE_URL: database.url,
    DATABASE_REPLICA_URLS: replicaUrl,
    // A loaded CI machine may fall behind by more than the default bound: the test is about routing, not the bound.
    DATABASE_REPLICA_MAX_LAG_MS: '10000',
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `chat-test-${randomBytes(6).toString('hex')}:`,
    JWT_SECRET: SECRET,
    RATE_LIMIT_SEND_MESSAGE: '1000/10s',
    RATE_LIMIT_SEARCH: '1000/10s',
  };
}

describeWithReplica('reads on a streaming replica (DATABASE_REPLICA_URLS)', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let a: Replica;
  let b: Replica;
  let alice: User;
  let bob: User;
  let serverId: string;
  let channelId: string;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const replica = new URL(replicaUrlOf(database.url));
    proxy = new TcpProxy(replica.hostname, Number(replica.port || 5432));
    await proxy.start();
    replica.port = String(proxy.port);
    const env = apiEnv(database, replica.toString());
    [a, b] = await Promise.all([startReplica(env), startReplica(env)]);
    alice = await register(a, 'alice');
    bob = await register(b, 'bob');
    const server = await request(a.url).post('/api/servers').set('Authorization', alice.token).send({ name: 'Replicated' });
    serverId = server.body.id;
    channelId = server.body.defaultChannelId;
    const invite = await request(a.url).post(`/api/servers/${serverId}/invites`).set('Authorization', alice.token);
    expect((await request(b.url).post(`/api/invites/${invite.body.code}`).set('Authorization', bob.token)).status).toBe(200);
    // The replica is in rotation once a reader who did not write misses a message just sent (the
    // replica has the test's database only after replaying its creation): from then on, the tests
    // below prove something only if reads really go there.
    await replicaServes();
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await proxy?.cut();
    await database?.drop();
  });

  const page = (api: Replica, user: User) => request(api.url).get(`/api/channels/${channelId}/messages`).set('Authorization', user.token);
  const send = (api: Replica, content: string) => request(api.url).post(`/api/channels/${channelId}/messages`).set('Authorization', alice.token).send({ content });

  it('shows the writer its own message at once, 20 times in a row, whichever API process answers', async () => {
    for (let i = 0; i < 20; i++) {
      const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a];
      expect((await send(writer, `own ${i}`)).status).toBe(201);
      const read = await page(reader, alice);
      expect({ status: read.status, newest: contents(read.body).at(-1) }).toEqual({ status: 200, newest: `own ${i}` });
    }
  });

  it('lets a session made a moment ago read at once: a login writes no position, so a refusal on the replica is asked of the primary', async () => {
    for (let i = 0; i < 5; i++) {
      const [loginAt, readAt] = i % 2 === 0 ? [a, b] : [b, a];
      const login = await request(loginAt.url).post('/api/users/login').send({ username: 'bob', password: 'correct horse' });
      expect(login.status).toBe(200);
      const fresh = { token: login.body.token as string, id: bob.id };
      const [read, pins] = [await page(readAt, fresh), await request(readAt.url).get(`/api/channels/${channelId}/pins`).set('Authorization', fresh.token)];
      expect([read.status, pins.status]).toEqual([200, 200]);
    }
  });

  it('shows the writer each of its messages at once when it sends several together', async () => {
    // Writes finishing together share one read of the primary's position: each must still be covered.
    const seen = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a];
        expect((await send(writer, `together ${i}`)).status).toBe(201);
        return contents((await page(reader, alice)).body).includes(`together ${i}`);
      }),
    );
    expect(seen).toEqual(Array.from({ length: 10 }, () => true));
  });

  it('shows the writer its own channel, its new member and its searched words at once', async () => {
    const channel = await request(a.url).post(`/api/servers/${serverId}/channels`).set('Authorization', alice.token).send({ name: 'fresh' });
    expect(channel.status).toBe(201);
    const channels = await request(b.url).get(`/api/servers/${serverId}/channels`).set('Authorization', alice.token);
    expect(channels.body.map((c: { name: string }) => c.name)).toContain('fresh');

    const carol = await register(a, 'carol');
    const invite = await request(a.url).post(`/api/servers/${serverId}/invites`).set('Authorization', alice.token);
    expect((await request(a.url).post(`/api/invites/${invite.body.code}`).set('Authorization', carol.token)).status).toBe(200);
    const members = await request(b.url).get(`/api/servers/${serverId}/members`).set('Authorization', carol.token);
    expect(members.body.map((m: { userId: string }) => m.userId)).toContain(carol.id);

    expect((await send(a, 'a zebracorn appears')).status).toBe(201);
    const hits = await request(b.url).get(`/api/servers/${serverId}/messages/search?q=zebracorn`).set('Authorization', alice.token);
    expect({ status: hits.status, found: contents(hits.body.messages) }).toEqual({ status: 200, found: ['a zebracorn appears'] });
  });

  it("lets another reader lag behind (its reads are on the replica), and shows it the message once replayed", async () => {
    let missed = 0;
    for (let i = 0; i < 5; i++) {
      // Bob wrote nothing lately: his reads may go to the replica.
      expect((await send(a, `for bob ${i}`)).status).toBe(201);
      if (!contents((await page(b, bob)).body).includes(`for bob ${i}`)) missed++;
      await eventually(async () => contents((await page(b, bob)).body).includes(`for bob ${i}`));
    }
    // The replica replays 500 ms late: a read sent there at once misses the message. Never missing
    // would mean the reads all went to the primary, and the tests above proved nothing.
    expect(missed).toBeGreaterThan(0);
  });

  /** Until Bob, who wrote nothing lately, reads a page without the message Alice has just sent. */
  const replicaServes = () =>
    eventually(async () => {
      const content = `probe ${randomBytes(3).toString('hex')}`;
      expect((await send(a, content)).status).toBe(201);
      const read = await page(b, bob);
      expect(read.status).toBe(200);
      return !contents(read.body).includes(content);
    }, 20_000);

  it('changes nothing for clients when the replica stops, and uses it again once it is back', async () => {
    await proxy.cut();
    for (let i = 0; i < 10; i++) {
      expect((await send(i % 2 === 0 ? a : b, `while away ${i}`)).status).toBe(201);
      for (const api of [a, b]) {
        const [mine, his, members, channels, search] = await Promise.all([
          page(api, alice),
          page(api, bob),
          request(api.url).get(`/api/servers/${serverId}/members`).set('Authorization', bob.token),
          request(api.url).get(`/api/servers/${serverId}/channels`).set('Authorization', bob.token),
          request(api.url).get(`/api/servers/${serverId}/messages/search?q=away`).set('Authorization', bob.token),
        ]);
        expect([mine.status, his.status, members.status, channels.status, search.status]).toEqual([200, 200, 200, 200, 200]);
        expect(contents(mine.body).at(-1)).toBe(`while away ${i}`);
      }
    }
    await proxy.start();
    // Back in rotation (after its retry pause and a good poll): Bob's reads lag again.
    await replicaServes();
  }, 60_000);
});

describeWithReplica('a replica that never answers (DATABASE_REPLICA_URLS at a dead port)', () => {
  let database: TestDatabase;
  let api: Replica;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const dead = new URL(database.url);
    dead.port = '1';
    api = await startReplica(apiEnv(database, dead.toString()));
  }, 60_000);

  afterAll(async () => {
    await api?.stop();
    await database?.drop();
  });

  it('serves every read from the primary', async () => {
    const dana = await register(api, 'dana');
    const server = await request(api.url).post('/api/servers').set('Authorization', dana.token).send({ name: 'Alone' });
    for (let i = 0; i < 5; i++) {
      expect((await request(api.url).post(`/api/channels/${server.body.defaultChannelId}/messages`).set('Authorization', dana.token).send({ content: `m ${i}` })).status).toBe(201);
      const read = await request(api.url).get(`/api/channels/${server.body.defaultChannelId}/messages`).set('Authorization', dana.token);
      expect({ status: read.status, newest: contents(read.body).at(-1) }).toEqual({ status: 200, newest: `m ${i}` });
      expect((await request(api.url).get(`/api/servers/${server.body.id}/members`).set('Authorization', dana.token)).status).toBe(200);
    }
    expect(api.logs.join('\n')).toMatch(/a read replica failed/);
  });
});
