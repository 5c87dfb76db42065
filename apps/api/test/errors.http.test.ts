import type { MessageRepository } from '@chat/domain';
import { createMemoryStores } from '@chat/domain/testing';
import { buildTestApp, problemBody, type TestApp } from './test-app';

describe('the error contract at the HTTP edge', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });

  it('answers malformed JSON with 400 MALFORMED_JSON in problem+json', async () => {
    const alice = await t.register();
    const res = await t.http().post('/api/servers').set('Authorization', alice.token).set('Content-Type', 'application/json').send('{"name": ');
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: problemBody(400, 'Bad Request', 'MALFORMED_JSON') });
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers a body over 64 KiB with 413 and stores nothing', async () => {
    const { owner, channelId } = await t.aServerWithMember();
    const res = await t
      .http()
      .post(`/api/channels/${channelId}/messages`)
      .set('Authorization', owner.token)
      .send({ content: 'x'.repeat(70 * 1024) });
    expect({ status: res.status, body: res.body }).toEqual({ status: 413, body: problemBody(413, 'Payload Too Large', 'PAYLOAD_TOO_LARGE') });
    const page = await t.http().get(`/api/channels/${channelId}/messages`).set('Authorization', owner.token);
    expect(page.body).toEqual([]);
  });

  it('answers a non-JSON body on a JSON route with 415', async () => {
    const alice = await t.register();
    const res = await t.http().post('/api/servers').set('Authorization', alice.token).set('Content-Type', 'text/plain').send('name=x');
    expect({ status: res.status, body: res.body }).toEqual({
      status: 415,
      body: problemBody(415, 'Unsupported Media Type', 'UNSUPPORTED_MEDIA_TYPE'),
    });
  });

  it('answers a form body on a JSON route with 415', async () => {
    const res = await t.http().post('/api/users/register').type('form').send({ username: 'alice', email: 'a@example.com', password: 'correct horse' });
    expect(res.status).toBe(415);
  });

  it('validates a missing body as empty, naming the required fields', async () => {
    const alice = await t.register();
    const res = await t.http().post('/api/servers').set('Authorization', alice.token);
    expect(res.body).toEqual(problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'name', message: 'is required' }] }));
  });

  it.each([['an array', '[]'], ['a string', '"x"'], ['null', 'null'], ['a number', '5']])(
    'answers %s as the body with 400 VALIDATION_FAILED (valid JSON, but not an object), on the whole body',
    async (_name, raw) => {
      const alice = await t.register();
      const res = await t.http().post('/api/servers').set('Authorization', alice.token).set('Content-Type', 'application/json').send(raw);
      expect(res.body).toEqual(problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: '', message: expect.stringContaining('expected object') }] }));
    },
  );

  it('answers an unknown route with 404 in the same shape', async () => {
    const res = await t.http().get('/api/nothing-here');
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') });
  });

  it('asks for a token before reading the body', async () => {
    const res = await t.http().post('/api/servers').set('Content-Type', 'application/json').send('{oops');
    expect(res.status).toBe(401);
  });

  it('answers an unexpected failure with a bare 500 that leaks nothing', async () => {
    const stores = createMemoryStores();
    // The store's own methods, but the page fails as a driver would (a spread would drop the methods).
    const failing: MessageRepository = Object.assign(Object.create(stores.messages) as MessageRepository, {
      pageJsonAs: async () => {
        throw new Error('connection to 10.0.0.5 refused; password=hunter2');
      },
    });
    const broken = await buildTestApp({ stores: { ...stores, messages: failing } });
    const { owner, channelId } = await broken.aServerWithMember();
    const res = await broken.http().get(`/api/channels/${channelId}/messages`).set('Authorization', owner.token);
    expect({ status: res.status, body: res.body }).toEqual({ status: 500, body: problemBody(500, 'Internal Server Error', 'INTERNAL') });
    expect(res.text).not.toMatch(/hunter2|10\.0\.0\.5|Error:|at /);
  });
});
