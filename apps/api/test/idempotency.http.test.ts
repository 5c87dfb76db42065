import { MemoryIdempotencyStore, IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_KEY_TTL_MS, type IdempotencyStore } from '../src/http/idempotency';
import { buildTestApp, problemBody, type TestApp, type TestUser } from './test-app';

describe('Idempotency-Key on the routes that create things', () => {
  let t: TestApp;
  let owner: TestUser;
  let channelId: string;
  const post = (user: TestUser, key: string | undefined, content: string) => {
    const req = t.http().post(`/api/channels/${channelId}/messages`).set('Authorization', user.token);
    return (key === undefined ? req : req.set('Idempotency-Key', key)).send({ content });
  };
  const contents = async () => (await t.http().get(`/api/channels/${channelId}/messages`).set('Authorization', owner.token)).body.map((m: { content: string }) => m.content);

  async function start(idempotency?: IdempotencyStore): Promise<void> {
    t = await buildTestApp({}, idempotency ? { idempotency } : {});
    const cast = await t.aServerWithMember();
    owner = cast.owner;
    channelId = cast.channelId;
  }

  it('replays the first answer to a retry with the same key and body: same status and body, no second message', async () => {
    await start();
    const first = await post(owner, 'a1b2', 'hello once');
    const retry = await post(owner, '"a1b2"', 'hello once');

    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect({ status: retry.status, body: retry.body, replayed: retry.headers['idempotent-replayed'] }).toEqual({ status: 201, body: first.body, replayed: 'true' });
    expect(await contents()).toEqual(['hello once']);
  });

  it('answers 422 to the same key with another body or on another route, and writes nothing', async () => {
    await start();
    await post(owner, 'k-1', 'hello');
    const otherBody = await post(owner, 'k-1', 'goodbye');
    const otherRoute = await t.http().post('/api/servers').set('Authorization', owner.token).set('Idempotency-Key', 'k-1').send({ name: 'Other' });

    expect({ status: otherBody.status, body: otherBody.body }).toEqual({ status: 422, body: problemBody(422, 'Unprocessable Entity', 'IDEMPOTENCY_KEY_REUSED') });
    expect(otherRoute.status).toBe(422);
    expect(await contents()).toEqual(['hello']);
    expect((await t.http().get('/api/users/@me/servers').set('Authorization', owner.token)).body).toHaveLength(1);
  });

  it('keeps keys apart per user, and does nothing without a key', async () => {
    await start();
    const member = await t.register('second');
    await t.join(member, (await t.http().get('/api/users/@me/servers').set('Authorization', owner.token)).body[0].id, owner);

    expect((await post(owner, 'same', 'from owner')).status).toBe(201);
    expect((await post(member, 'same', 'from member')).status).toBe(201);
    expect((await post(owner, undefined, 'twice')).status).toBe(201);
    expect((await post(owner, undefined, 'twice')).status).toBe(201);
    expect(await contents()).toEqual(['from owner', 'from member', 'twice', 'twice']);
  });

  it.each([
    ['empty', ''],
    ['of 256 characters', 'x'.repeat(256)],
    ['with a space', 'has space'],
    ['with a stray quote', '"unterminated'],
  ])('answers 400 to a key %s, and writes nothing', async (_label, key) => {
    await start();
    const res = await post(owner, key, 'hello');
    expect(res.body).toEqual(problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'Idempotency-Key', message: expect.any(String) }] }));
    expect(await contents()).toEqual([]);
  });

  it('takes no body and {} for the same body', async () => {
    await start();
    const serverId = (await t.http().get('/api/users/@me/servers').set('Authorization', owner.token)).body[0].id;
    const invite = () => t.http().post(`/api/servers/${serverId}/invites`).set('Authorization', owner.token).set('Idempotency-Key', 'inv-1');

    const first = await invite();
    const retry = await invite().send({});

    expect(first.status).toBe(201);
    expect({ status: retry.status, body: retry.body, replayed: retry.headers['idempotent-replayed'] }).toEqual({ status: 201, body: first.body, replayed: 'true' });
  });

  it('keeps only successes: after a refusal the key may be used again', async () => {
    await start();
    const outsider = await t.register('outsider');
    const refused = await t.http().post(`/api/channels/${channelId}/messages`).set('Authorization', outsider.token).set('Idempotency-Key', 'k-2').send({ content: 'let me in' });
    expect(refused.status).toBe(403);
    const server = (await t.http().get('/api/users/@me/servers').set('Authorization', owner.token)).body[0];
    await t.join(outsider, server.id, owner);
    const accepted = await t.http().post(`/api/channels/${channelId}/messages`).set('Authorization', outsider.token).set('Idempotency-Key', 'k-2').send({ content: 'let me in' });
    expect(accepted.status).toBe(201);
  });

  it('answers 409 to a duplicate that arrives while the first is still being answered', async () => {
    const memory = new MemoryIdempotencyStore();
    let letFirstFinish!: () => void;
    const firstHeld = new Promise<void>((resolve) => (letFirstFinish = resolve));
    let held = 0;
    const slow: IdempotencyStore = {
      claim: (...args) => memory.claim(...args),
      release: (...args) => memory.release(...args),
      complete: async (...args) => {
        if (held++ === 0) await firstHeld;
        return memory.complete(...args);
      },
    };
    await start(slow);

    const first = post(owner, 'k-3', 'hello');
    const firstDone = first.then((res) => res);
    // The first has claimed the key and is being answered (held in `complete`): then the duplicate.
    for (const deadline = Date.now() + 10_000; held === 0; ) {
      if (Date.now() > deadline) throw new Error('the first request never reached its answer');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const duplicate = await post(owner, 'k-3', 'hello');
    letFirstFinish();

    expect({ status: duplicate.status, body: duplicate.body }).toEqual({ status: 409, body: problemBody(409, 'Conflict', 'IDEMPOTENCY_KEY_IN_USE') });
    expect((await firstDone).status).toBe(201);
    expect((await post(owner, 'k-3', 'hello')).headers['idempotent-replayed']).toBe('true');
    expect(await contents()).toEqual(['hello']);
  });

  it('keeps no client secret for a replay: a retried application creation shows a new secret, and the first stops working', async () => {
    const memory = new MemoryIdempotencyStore();
    const kept: (string | null)[] = [];
    await start({ claim: (...args) => memory.claim(...args), release: (...args) => memory.release(...args), complete: async (userId, key, status, body) => {
      kept.push(body);
      return memory.complete(userId, key, status, body);
    } });
    const create = () => t.http().post('/api/applications').set('Authorization', owner.token).set('Idempotency-Key', 'app-1').send({ name: 'Helper' });
    const grant = (clientId: string, clientSecret: string) =>
      t.http().post('/api/oauth2/token').auth(clientId, clientSecret).type('form').send({ grant_type: 'client_credentials' });

    const first = await create();
    const retry = await create();

    expect(first.status).toBe(201);
    expect(kept).toHaveLength(1);
    expect(kept[0]).not.toContain(first.body.clientSecret);
    expect(JSON.parse(kept[0]!)).not.toHaveProperty('clientSecret');
    const { clientSecret: firstSecret, ...application } = first.body;
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual({ ...application, clientSecret: expect.any(String) });
    expect(retry.body.clientSecret).not.toBe(firstSecret);
    expect((await grant(application.clientId, firstSecret)).status).toBe(401);
    expect((await grant(application.clientId, retry.body.clientSecret)).status).toBe(200);
    expect((await t.http().get('/api/applications').set('Authorization', owner.token)).body).toHaveLength(1);

    expect((await t.http().delete(`/api/applications/${application.id}`).set('Authorization', owner.token)).status).toBe(204);
    const gone = await create();
    expect({ status: gone.status, body: gone.body }).toEqual({ status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') });
    expect((await t.http().get('/api/applications').set('Authorization', owner.token)).body).toEqual([]);
  });

  it('never replays to a revoked session', async () => {
    await start();
    expect((await post(owner, 'k-4', 'hello')).status).toBe(201);
    expect((await t.http().post('/api/users/logout').set('Authorization', owner.token)).status).toBe(204);
    expect((await post(owner, 'k-4', 'hello')).status).toBe(401);
  });
});

describe('the in-memory key store', () => {
  const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

  it('replays within 24 hours, and lets the key start afresh after', async () => {
    const store = new MemoryIdempotencyStore();
    expect(await store.claim('1', 'k', 'f', at(0))).toEqual({ kind: 'claimed' });
    await store.complete('1', 'k', 201, '{"id":"9"}');
    expect(await store.claim('1', 'k', 'f', at(IDEMPOTENCY_KEY_TTL_MS - 1))).toEqual({ kind: 'done', status: 201, body: '{"id":"9"}' });
    expect(await store.claim('1', 'k', 'other', at(IDEMPOTENCY_KEY_TTL_MS))).toEqual({ kind: 'claimed' });
  });

  it('takes over a claim abandoned for a minute (its replica died), for the same request only', async () => {
    const store = new MemoryIdempotencyStore();
    await store.claim('1', 'k', 'f', at(0));
    expect(await store.claim('1', 'k', 'f', at(IDEMPOTENCY_ABANDONED_MS - 1))).toEqual({ kind: 'in-flight' });
    expect(await store.claim('1', 'k', 'g', at(IDEMPOTENCY_ABANDONED_MS))).toEqual({ kind: 'mismatch' });
    expect(await store.claim('1', 'k', 'f', at(IDEMPOTENCY_ABANDONED_MS))).toEqual({ kind: 'claimed' });
  });
});
