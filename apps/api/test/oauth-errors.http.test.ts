import { FixedClock } from '@chat/domain/testing';
import { JoseTokenService } from '@chat/jose';
import { limitersFor } from './redis-testing';
import { buildTestApp, TEST_SECRET, type TestApp } from './test-app';

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe('the token endpoint answers errors exactly as RFC 6749 §5.2', () => {
  let t: TestApp;
  let clock: FixedClock;
  let app: { clientId: string; clientSecret: string };

  beforeEach(async () => {
    clock = new FixedClock(new Date());
    t = await buildTestApp({ clock });
    const owner = await t.register('owner');
    app = (await t.http().post('/api/applications').set('Authorization', owner.token).send({ name: 'Bot' })).body;
  });

  const token = (form: Record<string, string>, authorization?: string) => {
    const req = t.http().post('/api/oauth2/token').type('form');
    return (authorization ? req.set('Authorization', authorization) : req).send(form);
  };
  const pair = async () => (await token({ grant_type: 'client_credentials' }, basic(app.clientId, app.clientSecret))).body;
  const rfc = (error: string) => ({ error, error_description: expect.any(String), request_id: expect.any(String) });

  it.each([
    ['without grant_type', {}],
    ['with a repeated parameter', 'grant_type=client_credentials&grant_type=refresh_token'],
  ])('answers invalid_request %s', async (_name, form) => {
    const res = await t.http().post('/api/oauth2/token').type('form').set('Authorization', basic(app.clientId, app.clientSecret)).send(form);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: rfc('invalid_request') });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers invalid_request for two client authentication methods at once, or a refresh without its token', async () => {
    const both = await token({ grant_type: 'client_credentials', client_secret: app.clientSecret }, basic(app.clientId, app.clientSecret));
    const noToken = await token({ grant_type: 'refresh_token' }, basic(app.clientId, app.clientSecret));
    expect([both.body, noToken.body]).toEqual([rfc('invalid_request'), rfc('invalid_request')]);
  });

  it('answers invalid_client with 401 and WWW-Authenticate when Basic carried a wrong secret', async () => {
    const res = await token({ grant_type: 'client_credentials' }, basic(app.clientId, 'wrong'));
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: rfc('invalid_client') });
    expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
  });

  it('answers invalid_client with 401 for an unknown client in the body, or no client at all', async () => {
    const unknown = await token({ grant_type: 'client_credentials', client_id: '999', client_secret: 'x' });
    const none = await token({ grant_type: 'client_credentials' });
    const malformed = await token({ grant_type: 'client_credentials' }, 'Basic !!!');
    expect([unknown.status, none.status, malformed.status]).toEqual([401, 401, 401]);
    expect([unknown.body, none.body, malformed.body]).toEqual([rfc('invalid_client'), rfc('invalid_client'), rfc('invalid_client')]);
    expect(unknown.headers['www-authenticate']).toBeUndefined();
  });

  it('answers invalid_grant for an unknown, foreign or expired refresh token', async () => {
    const first = await pair();
    const owner2 = await t.register('owner2');
    const other = (await t.http().post('/api/applications').set('Authorization', owner2.token).send({ name: 'Other' })).body;
    const unknown = await token({ grant_type: 'refresh_token', refresh_token: 'nope' }, basic(app.clientId, app.clientSecret));
    const foreign = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token }, basic(other.clientId, other.clientSecret));
    clock.advance(31 * 24 * 3600 * 1000);
    const expired = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token }, basic(app.clientId, app.clientSecret));
    expect([unknown, foreign, expired].map((r) => ({ status: r.status, body: r.body }))).toEqual(
      Array(3).fill({ status: 400, body: rfc('invalid_grant') }),
    );
  });

  it.each(['password', 'authorization_code', 'urn:ietf:params:oauth:grant-type:device_code', 'magic'])(
    'answers unsupported_grant_type (RFC 6749 §5.2) for grant_type=%s, which this server does not implement',
    async (grantType) => {
      const res = await token({ grant_type: grantType, username: 'x', password: 'y' }, basic(app.clientId, app.clientSecret));
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: rfc('unsupported_grant_type') });
    },
  );

  it('answers an unreadable body as invalid_request in the RFC shape, not as a problem document', async () => {
    const malformed = await t.http().post('/api/oauth2/token').set('Content-Type', 'application/json').send('{bad');
    const tooMany = await t.http().post('/api/oauth2/token').type('form').send(Array.from({ length: 30 }, (_, i) => `p${i}=x`).join('&'));
    expect([malformed.status, malformed.body, tooMany.status, tooMany.body]).toEqual([400, rfc('invalid_request'), 400, rfc('invalid_request')]);
    expect(malformed.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers invalid_request when the body names another client than Basic authenticated', async () => {
    const res = await token({ grant_type: 'client_credentials', client_id: '999' }, basic(app.clientId, app.clientSecret));
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: rfc('invalid_request') });
  });

  it('never echoes characters RFC 6749 forbids in error_description', async () => {
    const res = await token({ grant_type: 'weird"\\grant' }, basic(app.clientId, app.clientSecret));
    expect(res.body.error).toBe('unsupported_grant_type');
    expect(res.body.error_description).toMatch(/^[\x20-\x21\x23-\x5B\x5D-\x7E]+$/);
  });

  it('accepts a JSON body too', async () => {
    const res = await t.http().post('/api/oauth2/token').send({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret });
    expect(res.status).toBe(200);
  });

  describe('token hygiene', () => {
    const me = (authorization: string) => t.http().get('/api/users/@me/servers').set('Authorization', authorization);

    it('refuses a refresh token used as an access token', async () => {
      const { refresh_token: refresh, access_token: access } = await pair();
      expect((await me(access)).status).toBe(200);
      expect((await me(refresh)).status).toBe(401);
      expect((await me(`Bearer ${refresh}`)).status).toBe(401);
    });

    it('refuses an access token used as a refresh token', async () => {
      const { access_token: access } = await pair();
      expect((await token({ grant_type: 'refresh_token', refresh_token: access }, basic(app.clientId, app.clientSecret))).body).toEqual(rfc('invalid_grant'));
    });

    it('refuses an expired access token', async () => {
      const { access_token: access } = await pair();
      const payload = JSON.parse(Buffer.from(access.split('.')[1] as string, 'base64url').toString());
      const signer = await JoseTokenService.create({ secret: TEST_SECRET, ttlSeconds: 60 });
      const expired = await signer.issue({ userId: payload.sub, sessionId: payload.sid }, -10);
      expect((await me(expired)).status).toBe(401);
    });
  });

  it('limits token requests to 15 per minute per address', async () => {
    const limited = await buildTestApp({}, { rateLimiters: limitersFor({}, undefined) });
    for (let i = 0; i < 15; i++) expect((await limited.http().post('/api/oauth2/token').type('form').send({ grant_type: 'client_credentials' })).status).toBe(401);
    const refused = await limited.http().post('/api/oauth2/token').type('form').send({ grant_type: 'client_credentials' });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 429, code: 'RATE_LIMITED' });
  });
});
