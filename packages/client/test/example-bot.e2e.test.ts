import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createRestClient, ok } from '@chat/client';
import { startReplica, type Replica } from '../../../apps/api/test/replica-process.js';

/* examples/echo-bot.mjs, run as a user would run it, against the embedded default. */
describe('the example echo bot', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-bot-'));
  let replica: Replica;
  let bot: ChildProcess | undefined;

  beforeAll(async () => {
    replica = await startReplica({ DATA_DIR: dataDir, RATE_LIMIT_REGISTER: '1000/1h' });
  }, 60_000);

  afterAll(async () => {
    bot?.kill();
    await replica?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers "!echo hello" with "hello" in the same channel', async () => {
    const anonymous = createRestClient({ baseUrl: replica.url });
    const register = (username: string) =>
      ok(anonymous.POST('/api/users/register', { body: { username, email: `${username}@example.com`, password: 'a long enough password' } }));
    const owner = await register(`owner_${process.pid}`);
    const echo = await register(`echo_${process.pid}`);
    const rest = createRestClient({ baseUrl: replica.url, token: owner.token });
    const server = await ok(rest.POST('/api/servers', { body: { name: 'Bot test' } }));
    const invite = await ok(rest.POST('/api/servers/{serverId}/invites', { params: { path: { serverId: server.id } } }));
    await ok(createRestClient({ baseUrl: replica.url, token: echo.token }).POST('/api/invites/{code}', { params: { path: { code: invite.code } } }));

    const script = join(__dirname, '..', '..', '..', 'examples', 'echo-bot.mjs');
    bot = spawn(process.execPath, [script], { env: { PATH: process.env.PATH ?? '', BASE_URL: replica.url, TOKEN: echo.token }, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    bot.stderr?.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the bot did not get ready:\n${lines.join('')}`)), 15_000);
      createInterface({ input: bot!.stdout! }).on('line', (line) => {
        lines.push(line);
        if (line.startsWith('echo bot ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });

    const channelPath = { path: { channelId: server.defaultChannelId } };
    await ok(rest.POST('/api/channels/{channelId}/messages', { params: channelPath, body: { content: '!echo hello' } }));
    await ok(rest.POST('/api/channels/{channelId}/messages', { params: channelPath, body: { content: 'not for the bot' } }));
    const deadline = Date.now() + 10_000;
    let page = await ok(rest.GET('/api/channels/{channelId}/messages', { params: channelPath }));
    while (!page.some(({ author }) => author.id === echo.user.id) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      page = await ok(rest.GET('/api/channels/{channelId}/messages', { params: channelPath }));
    }

    expect(page.map(({ author, content }) => `${author.username}: ${content}`).sort()).toEqual(
      [`${owner.user.username}: !echo hello`, `${owner.user.username}: not for the bot`, `${echo.user.username}: hello`].sort(),
    );
  }, 40_000);
});
