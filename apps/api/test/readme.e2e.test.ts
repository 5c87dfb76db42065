import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createServer, register, send } from './gateway/rest';
import { startReplica, type Replica } from './replica-process';

/*
 * The README's runnable snippets (fenced `sh readme-test` and `js readme-test`), run as written
 * against a started API: a snippet that stops working fails here, not in a newcomer's first hour.
 */

const ROOT = join(__dirname, '..', '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const snippets = (language: string): string[] =>
  [...README.matchAll(new RegExp('^```' + language + ' readme-test\\n([\\s\\S]*?)^```$', 'gm'))].map(([, body]) => body!);
/** Where `require('ws')` resolves for a snippet run outside any package (as `npm i ws` would make it). */
const WS_MODULES = join(dirname(require.resolve('ws/package.json')), '..');

describe('the README’s snippets, run as written', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-readme-'));
  const scratch = mkdtempSync(join(tmpdir(), 'chat-readme-snippet-'));
  let replica: Replica;

  beforeAll(async () => {
    replica = await startReplica({ DATA_DIR: dataDir, RATE_LIMIT_REGISTER: '1000/1h' });
  }, 60_000);

  afterAll(async () => {
    await replica?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  it('has the snippets this test runs: the walkthrough and the bot in one terminal, one gateway client', () => {
    expect([snippets('sh').length, snippets('js').length]).toEqual([2, 1]);
  });

  it('the walkthrough registers, keeps TOKEN and creates a server with it; in the same terminal the bot starts and joins', async () => {
    // One shell, as a reader pastes them one after the other; the bot runs until stopped.
    const shell = spawn('bash', ['--norc', '--noprofile', '-euo', 'pipefail', '-c', snippets('sh').join('\n')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', API: replica.url },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const out: string[] = [];
    const err: string[] = [];
    shell.stdout.on('data', (chunk: Buffer) => out.push(chunk.toString()));
    shell.stderr.on('data', (chunk: Buffer) => err.push(chunk.toString()));
    try {
      const deadline = Date.now() + 30_000;
      // Both, in either order: the bot joins through REST while its gateway gets ready.
      while (!/echo bot ready as /.test(out.join('')) || !/joined Bots/.test(out.join(''))) {
        if (Date.now() > deadline || shell.exitCode !== null) throw new Error(`the bot did not start:\n${out.join('')}\n${err.join('')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      process.kill(-shell.pid!, 'SIGTERM');
    }
    // curl prints the server with no newline after it: the bot's first line follows on the same line.
    const server = /^\{[^{}]*\}/.exec(out.join(''))?.[0];
    const lines = out.join('').slice(server?.length ?? 0).split('\n').filter(Boolean);
    expect(JSON.parse(server ?? 'null')).toMatchObject({ name: 'Book club', defaultChannelId: expect.stringMatching(/^\d+$/) });
    expect(lines).toEqual(expect.arrayContaining(['joined Bots', expect.stringMatching(/^echo bot ready as Echo/)]));
    expect(err.join('')).toBe('');
  }, 45_000);

  describe('the gateway client', () => {
    const file = join(scratch, 'gateway.cjs');
    beforeAll(() => writeFileSync(file, snippets('js')[0]!));

    /** Runs the snippet; `lines` grows as it prints (stdout and stderr alike). */
    function runClient(env: Record<string, string>) {
      const child = spawn(process.execPath, [file], { env: { PATH: process.env.PATH ?? '', NODE_PATH: WS_MODULES, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      const lines: string[] = [];
      for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const until = async (pattern: RegExp, timeoutMs = 10_000): Promise<void> => {
        const deadline = Date.now() + timeoutMs;
        while (!lines.some((line) => pattern.test(line))) {
          if (Date.now() > deadline) throw new Error(`no line matching ${pattern} within ${timeoutMs} ms:\n${lines.join('\n')}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      return { child, lines, exited, until };
    }

    it('says it is ready, then prints a message sent over REST as message.created', async () => {
      const user = await register(replica.url, 'reader');
      const server = await createServer(replica.url, user, 'Snippets');
      const client = runClient({ API: replica.url, TOKEN: user.token });
      try {
        await client.until(/^ready: reader\S*, in 1 server\(s\)$/);
        await send(replica.url, user, server.defaultChannelId, 'hello from the README');
        await client.until(/^message\.created .*"content":"hello from the README"/);
      } finally {
        client.child.kill();
      }
    }, 30_000);

    it('stops with exit code 1 and says why when the token is refused', async () => {
      const client = runClient({ API: replica.url, TOKEN: 'not-a-token' });
      expect(await client.exited).toBe(1);
      expect(client.lines).toContain('the token was refused (4004): log in again for a new one');
    }, 15_000);

    it('says what fails when nothing listens at API, and keeps trying', async () => {
      const client = runClient({ API: 'http://127.0.0.1:9', TOKEN: 'any' });
      try {
        await client.until(/^gateway: connect ECONNREFUSED 127\.0\.0\.1:9$/);
        await client.until(/reconnecting in 1 s$/);
        await client.until(/^connecting to ws:\/\/127\.0\.0\.1:9\/api\/gateway$/);
      } finally {
        client.child.kill();
      }
    }, 15_000);

    it('asks for TOKEN when it is not set', async () => {
      const client = runClient({ API: replica.url });
      expect(await client.exited).toBe(1);
      expect(client.lines).toEqual(['Set TOKEN to the token that register or login answered.']);
    });
  });
});
