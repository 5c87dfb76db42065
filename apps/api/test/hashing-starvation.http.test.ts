import { ScryptPasswordHasher } from '@chat/node-crypto';
import { buildTestApp } from './test-app';

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
});
