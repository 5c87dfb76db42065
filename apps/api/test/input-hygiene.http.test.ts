import { buildTestApp, problemBody, type TestApp } from './test-app';

/*
 * Text PostgreSQL cannot store as sent (NUL, lone surrogates) is refused up front, so what is
 * stored is what was sent and no lookup reaches the database with it (which would answer 500).
 */
describe('malformed text at the edge', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });

  it.each([
    ['a NUL', 'a\u0000b'],
    ['a lone high surrogate', 'a\ud800'],
    ['a lone low surrogate', '\udc00z'],
  ])('refuses message content with %s', async (_name, content) => {
    const { owner, channelId } = await t.aServerWithMember();
    const res = await t.http().post(`/api/channels/${channelId}/messages`).set('Authorization', owner.token).send({ content });
    expect(res.body).toEqual(problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'content', message: 'must be valid Unicode text without NUL characters' }] }));
  });

  it('refuses names with a NUL', async () => {
    const alice = await t.register();
    expect((await t.http().post('/api/servers').set('Authorization', alice.token).send({ name: 'x\u0000' })).status).toBe(400);
    expect((await t.http().post('/api/applications').set('Authorization', alice.token).send({ name: 'x\u0000' })).status).toBe(400);
  });

  it('answers 404 for an invite code no invite can have', async () => {
    const alice = await t.register();
    const res = await t.http().post('/api/invites/%00').set('Authorization', alice.token);
    expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') });
  });

  it('answers a login naming an impossible account like any wrong login', async () => {
    const res = await t.http().post('/api/users/login').send({ email: 'a\u0000@example.com', password: 'correct horse' });
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: problemBody(401, 'Unauthorized', 'INVALID_CREDENTIALS') });
  });

  it('refuses registration with a NUL in the email', async () => {
    const res = await t.http().post('/api/users/register').send({ username: 'alice', email: 'a\u0000@example.com', password: 'correct horse' });
    expect(res.body.errors).toEqual([{ path: 'email', message: 'must be valid Unicode text without NUL characters' }]);
  });

  it.each([
    ['a server', '/api/servers'],
    ['an application', '/api/applications'],
  ])('refuses %s named only with invisible characters or with a bidi control', async (_what, path) => {
    const alice = await t.register();
    const invisible = await t.http().post(path).set('Authorization', alice.token).send({ name: '\u3164\u200B' });
    const bidi = await t.http().post(path).set('Authorization', alice.token).send({ name: 'admin\u202E' });
    expect(invisible.body.errors).toEqual([{ path: 'name', message: 'must contain a visible character' }]);
    expect(bidi.body.errors).toEqual([{ path: 'name', message: 'must not contain bidirectional control characters' }]);
  });

  it('refuses channel names and renames with invisible or bidi characters', async () => {
    const { owner, server } = await t.aServerWithMember();
    const channel = await t.http().post(`/api/servers/${server.id}/channels`).set('Authorization', owner.token).send({ name: '\u2066\u2069' });
    const rename = await t.http().patch(`/api/servers/${server.id}`).set('Authorization', owner.token).send({ name: '\u115F\u1160' });
    expect(channel.body.errors).toEqual([{ path: 'name', message: 'must not contain bidirectional control characters' }]);
    expect(rename.body.errors).toEqual([{ path: 'name', message: 'must contain a visible character' }]);
  });

  it('refuses a username with a bidi control or an invisible character', async () => {
    const bidi = await t.http().post('/api/users/register').send({ username: 'ali\u202Ece', email: 'a@example.com', password: 'correct horse' });
    const invisible = await t.http().post('/api/users/register').send({ username: '\u200B\u200B', email: 'b@example.com', password: 'correct horse' });
    expect(bidi.body.errors).toEqual([{ path: 'username', message: 'may contain only letters, digits, "_", "." and "-"' }]);
    expect(invisible.body.errors).toEqual([{ path: 'username', message: 'may contain only letters, digits, "_", "." and "-"' }]);
  });

  it('names each bad login field', async () => {
    const none = await t.http().post('/api/users/login').send({});
    const noPassword = await t.http().post('/api/users/login').send({ email: 'x@example.com' });
    const both = await t.http().post('/api/users/login').send({ email: 'x@example.com', username: 'x', password: 'p' });
    expect(none.body.errors).toEqual([
      { path: 'password', message: 'is required' },
      { path: 'email', message: 'is required (or give username)' },
    ]);
    expect(noPassword.body.errors).toEqual([{ path: 'password', message: 'is required' }]);
    expect(both.body.errors).toEqual([{ path: 'username', message: 'give email or username, not both' }]);
  });
});
