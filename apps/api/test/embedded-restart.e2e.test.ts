import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startReplica } from './replica-process';

describe('the embedded default (PGlite under DATA_DIR)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps users, servers, messages and tokens across a restart', async () => {
    const first = await startReplica({ DATA_DIR: dataDir });
    const registered = await request(first.url).post('/api/users/register').send({ username: 'alice', email: 'alice@example.com', password: 'correct horse' });
    const token: string = registered.body.token;
    const server = await request(first.url).post('/api/servers').set('Authorization', token).send({ name: 'Kept' });
    const channel: string = server.body.defaultChannelId;
    await request(first.url).post(`/api/channels/${channel}/messages`).set('Authorization', token).send({ content: 'still here?' });
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = await startReplica({ DATA_DIR: dataDir });
    try {
      const page = await request(second.url).get(`/api/channels/${channel}/messages`).set('Authorization', token);
      expect({ status: page.status, contents: page.body.map((m: { content: string }) => m.content) }).toEqual({ status: 200, contents: ['still here?'] });
      const login = await request(second.url).post('/api/users/login').send({ username: 'alice', password: 'correct horse' });
      expect(login.status).toBe(200);
      const servers = await request(second.url).get('/api/users/@me/servers').set('Authorization', login.body.token);
      expect(servers.body.map((s: { name: string }) => s.name)).toEqual(['Kept']);
    } finally {
      await second.stop();
    }
  }, 60_000);
});
