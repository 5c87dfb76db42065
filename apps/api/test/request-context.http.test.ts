import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../src/app';
import { buildContainer, resolveServices } from '../src/container';
import { buildTestApp } from './test-app';

describe('request ids and request logs', () => {
  async function loggedApp() {
    const raw: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void raw.push(line) });
    const base = await buildTestApp();
    const app = createApp(resolveServices(buildContainer(base.adapters)), { logger, trustProxy: 0, logRequests: true });
    return { app, lines: () => raw.map((line) => JSON.parse(line)), raw };
  }

  it('keeps an incoming X-Request-Id and puts it in the error body', async () => {
    const t = await buildTestApp();
    const res = await t.http().get('/api/servers/1').set('X-Request-Id', 'lb-7f3a.42');
    expect(res.headers['x-request-id']).toBe('lb-7f3a.42');
    expect(res.body.requestId).toBe('lb-7f3a.42');
  });

  it('makes its own id when none comes, or when the incoming one is not an id', async () => {
    const t = await buildTestApp();
    const plain = await t.http().get('/health');
    const hostile = await t.http().get('/health').set('X-Request-Id', 'has spaces and <script>');
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs one JSON line per request with id, method, route, status and duration', async () => {
    const { app, lines } = await loggedApp();
    await request(app).get('/api/servers/123').set('X-Request-Id', 'trace-1');
    const line = lines().find((l) => l.req?.id === 'trace-1');
    expect(line).toEqual(
      expect.objectContaining({ req: { id: 'trace-1', method: 'GET' }, route: '/api/servers/:serverId', res: { status: 401 }, responseTime: expect.any(Number) }),
    );
  });

  it('puts a W3C traceparent’s trace and parent ids in the line, beside the request id; ignores a malformed one', async () => {
    const { app, lines } = await loggedApp();
    await request(app).get('/health').set('X-Request-Id', 'with-trace').set('traceparent', '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    await request(app).get('/health').set('X-Request-Id', 'bad-trace').set('traceparent', '00-00000000000000000000000000000000-00f067aa0ba902b7-01');
    await request(app).get('/health').set('X-Request-Id', 'odd-trace').set('traceparent', 'not a traceparent');

    expect(lines().find((l) => l.req?.id === 'with-trace')?.trace).toEqual({ id: '4bf92f3577b34da6a3ce929d0e0e4736', parent: '00f067aa0ba902b7' });
    expect(lines().find((l) => l.req?.id === 'bad-trace')).not.toHaveProperty('trace');
    expect(lines().find((l) => l.req?.id === 'odd-trace')).not.toHaveProperty('trace');
  });

  it('never logs tokens, passwords or message contents', async () => {
    const { app, raw, lines } = await loggedApp();
    const registered = await request(app).post('/api/users/register').send({ username: 'alice', email: 'alice@example.com', password: 'hunter2-secret' });
    const token: string = registered.body.token;
    const server = await request(app).post('/api/servers').set('Authorization', `Bearer ${token}`).send({ name: 'S' });
    await request(app)
      .post(`/api/channels/${server.body.defaultChannelId}/messages?note=query-secret`)
      .set('Authorization', token)
      .send({ content: 'a very private message' });
    await request(app).post('/api/users/login').send({ username: 'alice', password: 'wrong-password-here' });
    const invite = await request(app).post(`/api/servers/${server.body.id}/invites`).set('Authorization', token);
    await request(app).post(`/api/invites/${invite.body.code}`).set('Authorization', token);
    expect(lines().length).toBeGreaterThanOrEqual(4);
    const everything = raw.join('\n');
    for (const secret of [token, 'hunter2-secret', 'a very private message', 'wrong-password-here', 'query-secret', 'alice@example.com', invite.body.code]) {
      expect(everything).not.toContain(secret);
    }
    expect(lines().filter((l) => l.res?.status === 201).map((l) => l.route)).toEqual([
      '/api/users/register',
      '/api/servers',
      '/api/channels/:channelId/messages',
      '/api/servers/:serverId/invites',
    ]);
  });

  it('logs a request the client abandons once, without its body', async () => {
    const { app, lines } = await loggedApp();
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      // Half a body, then gone: the request never finishes.
      socket.write('POST /api/users/register HTTP/1.1\r\nHost: x\r\nX-Request-Id: gone-1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"password":"half-');
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.destroy();
      for (let i = 0; i < 50 && !lines().some((l) => l.req?.id === 'gone-1'); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const logged = lines().filter((l) => l.req?.id === 'gone-1');
      expect(logged).toEqual([expect.objectContaining({ req: { id: 'gone-1', method: 'POST' }, route: '/api/users/register' })]);
      expect(JSON.stringify(lines())).not.toContain('half-');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
