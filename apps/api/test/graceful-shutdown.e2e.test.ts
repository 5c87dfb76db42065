import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startReplica } from './replica-process';

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
    socket.write(
      `POST /api/users/register HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stoppedAt = Date.now();
    const exited = replica.stop('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(body.slice(10));

    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    socket.destroy();
  }, 30_000);

  it('keeps serving, not ready and closing each connection, for SHUTDOWN_DELAY_MS before it stops listening', async () => {
    const replica = await startReplica({ DATA_DIR: dataDir, SHUTDOWN_DELAY_MS: '1500' });
    const stoppedAt = Date.now();
    const exited = replica.stop('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));

    const ready = await request(replica.url).get('/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.checks.shutdown).toBe('down');
    const served = await request(replica.url).post('/api/users/register').send({ username: 'during', email: 'during@example.com', password: 'correct horse' });
    expect(served.status).toBe(201);
    expect(served.headers.connection).toBe('close');

    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(1_400);
    expect(replica.logs.join('\n')).toMatch(/"delayMs":1500[\s\S]*stopped/);
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
