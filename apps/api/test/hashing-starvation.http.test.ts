import { ScryptPasswordHasher } from '@chat/node-crypto';
import { buildTestApp, problemBody } from './test-app';

/*
 * scrypt and WebCrypto's HMAC share libuv's thread pool. A burst of wrong passwords must not queue a
 * token check behind every one of them: asserted on order (how many logins finished before the
 * token check did), not on time, as this machine is shared.
 */
describe('password hashing cannot starve token checks', () => {
  const LOGINS = 12;

  async function loginsFinishedBeforeATokenCheck(hasher: ScryptPasswordHasher): Promise<number> {
    const t = await buildTestApp({ hasher });
    const user = await t.register('victim');
    let finished = 0;
    const logins = Array.from({ length: LOGINS }, () =>
      t
        .http()
        .post('/api/users/login')
        .send({ username: 'victim', password: 'wrong password' })
        .then((res) => {
          expect(res.status).toBe(401);
          finished += 1;
        }),
    );
    // Let the logins reach their hashing first.
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Its first use: the signature is checked, not remembered.
    const check = await t.http().get('/api/users/@me/servers').set('Authorization', user.token);
    const before = finished;
    expect(check.status).toBe(200);
    await Promise.all(logins);
    return before;
  }

  it('answers a request with a fresh token while a dozen logins are still hashing', async () => {
    // 2^14: 16 MiB and tens of milliseconds per hash, so the logins take a while in all.
    const before = await loginsFinishedBeforeATokenCheck(new ScryptPasswordHasher(2 ** 14));
    expect(before).toBeLessThan(LOGINS / 2);
  }, 60_000);

  it('answers 503 with Retry-After at once to the logins beyond the queue, never a 500, and serves again after', async () => {
    const t = await buildTestApp({ hasher: new ScryptPasswordHasher(2 ** 14, 1, 2) });
    await t.register('flooded');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.http().post('/api/users/login').send({ username: 'flooded', password: 'wrong password' })),
    );

    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
    const busy = answers.find((res) => res.status === 503);
    expect(busy?.body).toEqual(problemBody(503, 'Service Unavailable', 'SERVICE_UNAVAILABLE'));
    expect(busy?.headers['retry-after']).toBe('1');

    const later = await t.http().post('/api/users/login').send({ username: 'flooded', password: 'correct horse' });
    expect(later.status).toBe(200);
  }, 60_000);
});
