import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startReplica } from './replica-process';

/** Waits until `check` holds, looking every 10 ms; fails after `ms`. */
async function until(check: () => boolean, ms = 10_000): Promise<void> {
  for (const deadline = Date.now() + ms; !check(); ) {
    if (Date.now() > deadline) throw new Error(`not so after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('graceful shutdown', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finishes a request in flight on a keep-alive socket, then exits 0 without waiting for the timeout', async () => {
    const replica = await startReplica({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '8000' });
    const { port } = new URL(replica.url);
    const body = JSON.stringify({ username: 'late', email: 'late@example.com', password: 'correct horse' });
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    // Half a request, then SIGTERM, then the rest: the request is in flight when the stop begins.
    // Its headers ask for a 100 Continue, the sign that the replica has them (a request, not an idle socket).
    socket.write(
      `POST /api/users/register HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\nExpect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await until(() => answer.startsWith('HTTP/1.1 100 Continue\r\n\r\n'));
    const stoppedAt = Date.now();
    const exited = replica.stop('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(body.slice(10));

    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 /);
    socket.destroy();
  }, 30_000);

  it('keeps serving, not ready and closing each connection, for SHUTDOWN_DELAY_MS before it stops listening', async () => {
    const replica = await startReplica({ DATA_DIR: dataDir, SHUTDOWN_DELAY_MS: '3000' });
    const stoppedAt = Date.now();
    const exited = replica.stop('SIGTERM');
    // Once it took the signal (it says so), well within the delay.
    await until(() => /"delayMs":3000/.test(replica.logs.join('\n')));

    const ready = await request(replica.url).get('/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.checks.shutdown).toBe('down');
    const served = await request(replica.url).post('/api/users/register').send({ username: 'during', email: 'during@example.com', password: 'correct horse' });
    expect(served.status).toBe(201);
    expect(served.headers.connection).toBe('close');

    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(2_900);
    expect(replica.logs.join('\n')).toMatch(/"delayMs":3000[\s\S]*stopped/);
  }, 30_000);

  it('skips the delay on a second signal', async () => {
    const replica = await startReplica({ DATA_DIR: dataDir, SHUTDOWN_DELAY_MS: '60000' });
    const stoppedAt = Date.now();
    const exited = replica.stop('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    replica.process.kill('SIGINT');

    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
  }, 30_000);
});
