import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
});
