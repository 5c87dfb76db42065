import { Writable } from 'node:stream';
import { createLogger } from '../src/observability/logger';
import { LoggedAccountNotices } from '../src/observability/logged-account-notices';
import { buildTestApp } from './test-app';

describe('notices to account owners', () => {
  it("log the registration attempt with the owner's id and never the address", async () => {
    let text = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString('utf8');
        done();
      },
    });
    const t = await buildTestApp({ notices: new LoggedAccountNotices(createLogger('info', sink)) });
    const alice = await t.register('alice');

    const res = await t.http().post('/api/users/register').send({ username: 'mallory', email: 'alice@example.com', password: 'correct horse' });

    expect(res.status).toBe(409);
    expect(JSON.parse(text)).toMatchObject({ notice: 'registration-with-your-email', userId: alice.id, at: '2026-05-01T12:00:00.000Z' });
    expect(text).not.toContain('alice@example.com');
  });
});
