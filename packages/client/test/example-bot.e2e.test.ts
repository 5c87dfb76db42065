import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createRestClient, ok, type RestClient } from '@chat/client';
import { startReplica, type Replica } from '../../../apps/api/test/replica-process.js';
import { SwitchableProxy } from './switchable-proxy.js';

const TOKEN_LIFETIME_S = 5;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/*
 * examples/echo-bot.mjs, run as a user would run it (with its application's client credentials),
 * against the embedded default with bot access tokens of 5 s, through a network the test can cut.
 */
describe('the example echo bot', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-bot-'));
  let replica: Replica;
  let proxy: SwitchableProxy;
  let bot: ChildProcess;
  let ownerName: string;
  let botName: string;
  let rest: RestClient;
  let channelId: string;
  const out: string[] = [];
  const err: string[] = [];
  let startedMs: number;

  beforeAll(async () => {
    replica = await startReplica({ DATA_DIR: dataDir, RATE_LIMIT_REGISTER: '1000/1h', OAUTH_ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_LIFETIME_S) });
    proxy = new SwitchableProxy(replica.url);
    await proxy.start();
    const anonymous = createRestClient({ baseUrl: replica.url });
    const owner = await ok(anonymous.POST('/api/users/register', { body: { username: `owner_${process.pid}`, email: `owner_${process.pid}@example.com`, password: 'a long enough password' } }));
    ownerName = owner.user.username;
    rest = createRestClient({ baseUrl: replica.url, token: owner.token });
    const server = await ok(rest.POST('/api/servers', { body: { name: 'Bot test' } }));
    channelId = server.defaultChannelId;
    const application = await ok(rest.POST('/api/applications', { body: { name: 'Echo' } }));
    botName = application.bot.username;
    const invite = await ok(rest.POST('/api/servers/{serverId}/invites', { params: { path: { serverId: server.id } } }));

    const script = join(__dirname, '..', '..', '..', 'examples', 'echo-bot.mjs');
    const env = { PATH: process.env.PATH ?? '', BASE_URL: proxy.url, CLIENT_ID: application.clientId, CLIENT_SECRET: application.clientSecret, INVITE: invite.code };
    startedMs = Date.now();
    bot = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    bot.stderr?.on('data', (chunk: Buffer) => err.push(chunk.toString()));
    createInterface({ input: bot.stdout! }).on('line', (line) => out.push(line));
    await until(() => out.includes('joined Bot test') && out.some((line) => line.startsWith('echo bot ready')), 15_000, 'the bot to join and get ready');
  }, 60_000);

  afterAll(async () => {
    bot?.kill();
    await proxy?.cut();
    await replica?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; the bot said:\n${out.join('\n')}\n${err.join('')}`);
      await sleep(50);
    }
  }

  const send = (content: string) => ok(rest.POST('/api/channels/{channelId}/messages', { params: { path: { channelId } }, body: { content } }));
  const messages = async () =>
    (await ok(rest.GET('/api/channels/{channelId}/messages', { params: { path: { channelId } } }))).map(({ author, content }) => `${author.username}: ${content}`);

  /** Sends "!echo <text>" and waits for the bot's "<text>". */
  async function echo(text: string): Promise<void> {
    await send(`!echo ${text}`);
    const reply = `${botName}: ${text}`;
    const deadline = Date.now() + 10_000;
    for (let seen = await messages(); !seen.includes(reply); seen = await messages()) {
      if (Date.now() > deadline) throw new Error(`no echo of "${text}"; the channel: ${JSON.stringify(seen)}; the bot said:\n${out.join('\n')}\n${err.join('')}`);
      await sleep(100);
    }
  }

  it('answers "!echo hello" with "hello" in the same channel, and nothing else', async () => {
    await send('not for the bot');
    await echo('hello');
    expect((await messages()).slice(-3)).toEqual([`${ownerName}: not for the bot`, `${ownerName}: !echo hello`, `${botName}: hello`]);
  }, 20_000);

  it('keeps answering past two token lifetimes, and resumes its gateway with a renewed token after a drop', async () => {
    // Past the first token's end: the reply needs a renewed token.
    await sleep(Math.max(0, startedMs + (TOKEN_LIFETIME_S + 1) * 1000 - Date.now()));
    await echo('after one lifetime');
    // The network drops: the gateway reconnects and resumes, which the first token could no longer do (4004).
    await proxy.cut();
    await sleep(200);
    await proxy.start();
    await until(() => out.some((line) => line.startsWith('gateway resumed')), 15_000, 'the gateway to resume');
    await echo('after the drop');
    await sleep(Math.max(0, startedMs + (2 * TOKEN_LIFETIME_S + 1) * 1000 - Date.now()));
    await echo('after two lifetimes');

    expect({
      running: bot.exitCode === null && bot.signalCode === null,
      readies: out.filter((line) => line.startsWith('echo bot ready')).length,
      echoed: out.filter((line) => line.startsWith('echoed as message')).length,
      failures: err.join('').split('\n').filter((line) => line !== '' && !line.startsWith('gateway dropped')),
    }).toEqual({ running: true, readies: 1, echoed: 4, failures: [] });
  }, 60_000);
});
