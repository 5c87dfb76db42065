import { OAuthErrorResponse, TokenResponse } from '../src/routes/oauth-token-route';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import * as oauth from 'oauth4webapi';
import { buildTestApp, problemBody, type TestApp, type TestUser } from './test-app';

interface CreatedApp {
  id: string;
  clientId: string;
  clientSecret: string;
  bot: { id: string; username: string };
}

describe('bot applications and the OAuth2 token endpoint', () => {
  let t: TestApp;
  let server: Server;
  let as: oauth.AuthorizationServer;
  let owner: TestUser;
  let app: CreatedApp;
  const insecure = { [oauth.allowInsecureRequests]: true };

  beforeEach(async () => {
    t = await buildTestApp();
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    as = { issuer: base, token_endpoint: `${base}/api/oauth2/token` };
    owner = await t.register('owner');
    app = (await t.http().post('/api/applications').set('Authorization', owner.token).send({ name: 'Helper Bot' })).body;
  });

  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const grant = (clientAuth: oauth.ClientAuth, clientId = app.clientId) =>
    oauth
      .clientCredentialsGrantRequest(as, { client_id: clientId }, clientAuth, new URLSearchParams(), insecure)
      .then((response) => oauth.processClientCredentialsResponse(as, { client_id: clientId }, response));

  const refresh = (refreshToken: string) =>
    oauth
      .refreshTokenGrantRequest(as, { client_id: app.clientId }, oauth.ClientSecretBasic(app.clientSecret), refreshToken, insecure)
      .then((response) => oauth.processRefreshTokenResponse(as, { client_id: app.clientId }, response));

  describe('applications', () => {
    it('creates an application with a bot user and a secret shown once', async () => {
      expect(app).toEqual({
        id: expect.stringMatching(/^\d+$/),
        name: 'Helper Bot',
        clientId: app.id,
        clientSecret: expect.stringMatching(/^[\w-]{43}$/),
        bot: { id: expect.stringMatching(/^\d+$/), username: expect.stringMatching(/^HelperBot-\d+$/), displayName: null, avatar: null },
      });
      const list = await t.http().get('/api/applications').set('Authorization', owner.token);
      expect(list.body).toEqual([{ id: app.id, name: 'Helper Bot', clientId: app.clientId, bot: app.bot }]);
    });

    it('rotates the secret: the old one stops working', async () => {
      const rotated = await t.http().post(`/api/applications/${app.id}/secret`).set('Authorization', owner.token);
      expect(rotated.status).toBe(200);
      expect(rotated.body.clientSecret).not.toBe(app.clientSecret);
      await expect(grant(oauth.ClientSecretBasic(app.clientSecret))).rejects.toThrow();
      expect((await grant(oauth.ClientSecretBasic(rotated.body.clientSecret))).access_token).toEqual(expect.any(String));
    });

    it('deletes an application and its tokens stop working', async () => {
      const tokens = await grant(oauth.ClientSecretBasic(app.clientSecret));
      expect((await t.http().get('/api/users/@me/servers').set('Authorization', tokens.access_token)).status).toBe(200);
      expect((await t.http().delete(`/api/applications/${app.id}`).set('Authorization', owner.token)).status).toBe(204);
      expect((await t.http().get('/api/users/@me/servers').set('Authorization', tokens.access_token)).status).toBe(401);
      expect((await t.http().get('/api/applications').set('Authorization', owner.token)).body).toEqual([]);
    });

    it("returns 403 for another user's application and 404 for an unknown one", async () => {
      const other = await t.register('other');
      expect((await t.http().post(`/api/applications/${app.id}/secret`).set('Authorization', other.token)).status).toBe(403);
      expect((await t.http().delete(`/api/applications/${app.id}`).set('Authorization', other.token)).status).toBe(403);
      const unknown = await t.http().delete('/api/applications/12345').set('Authorization', owner.token);
      expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') });
    });

    it('returns 400 for a bad name', async () => {
      expect((await t.http().post('/api/applications').set('Authorization', owner.token).send({ name: ' ' })).status).toBe(400);
    });
  });

  describe('the token endpoint, driven by oauth4webapi', () => {
    it.each([
      ['client_secret_basic', () => oauth.ClientSecretBasic(app.clientSecret)],
      ['client_secret_post', () => oauth.ClientSecretPost(app.clientSecret)],
    ])('issues a Bearer pair with %s', async (_name, auth) => {
      const tokens = await grant(auth());
      expect(tokens).toEqual(
        expect.objectContaining({ access_token: expect.any(String), token_type: 'bearer', expires_in: 900, refresh_token: expect.any(String) }),
      );
    });

    it('issues access tokens of the lifetime the deployment sets', async () => {
      const short = await buildTestApp({ accessTokenTtlSeconds: 5 });
      const owner5 = await short.register('owner');
      const app5: CreatedApp = (await short.http().post('/api/applications').set('Authorization', owner5.token).send({ name: 'Quick Bot' })).body;
      const res = await short.http().post('/api/oauth2/token').type('form').send({ grant_type: 'client_credentials', client_id: app5.clientId, client_secret: app5.clientSecret });
      expect(res.body.expires_in).toBe(5);
      const payload = JSON.parse(Buffer.from(String(res.body.access_token).split('.')[1] ?? '', 'base64url').toString());
      expect(payload.exp - payload.iat).toBe(5);
    });

    it('answers with Cache-Control: no-store', async () => {
      const res = await t.http().post('/api/oauth2/token').type('form').send({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.token_type).toBe('Bearer');
      // Exactly the pair the OpenAPI document describes (it is built from the same schema).
      expect(TokenResponse.safeParse(res.body).success).toBe(true);
      const refused = await t.http().post('/api/oauth2/token').type('form').send({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: 'wrong' });
      expect(refused.status).toBe(401);
      expect(OAuthErrorResponse.safeParse(refused.body).success).toBe(true);
    });

    it('rotates refresh tokens, and a reused one revokes the whole family', async () => {
      const first = await grant(oauth.ClientSecretBasic(app.clientSecret));
      const second = await refresh(first.refresh_token as string);
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect((await t.http().get('/api/users/@me/servers').set('Authorization', second.access_token)).status).toBe(200);

      await expect(refresh(first.refresh_token as string)).rejects.toThrow();
      // The reuse revoked the family: the current access and refresh tokens are dead too.
      expect((await t.http().get('/api/users/@me/servers').set('Authorization', second.access_token)).status).toBe(401);
      await expect(refresh(second.refresh_token as string)).rejects.toThrow();
      // Another family of the same client is untouched.
      const fresh = await grant(oauth.ClientSecretBasic(app.clientSecret));
      expect((await t.http().get('/api/users/@me/servers').set('Authorization', fresh.access_token)).status).toBe(200);
    });
  });

  describe('what a bot may do', () => {
    it('reads servers, joins by invite, sends and reacts, bare or Bearer; creating servers is for people', async () => {
      const { access_token: token } = await grant(oauth.ClientSecretBasic(app.clientSecret));
      const server = await t.createServer(owner, 'With a bot');
      const invite = await t.http().post(`/api/servers/${server.id}/invites`).set('Authorization', owner.token);
      expect((await t.http().post(`/api/invites/${invite.body.code}`).set('Authorization', `Bearer ${token}`)).status).toBe(200);
      expect((await t.http().get(`/api/servers/${server.id}`).set('Authorization', token)).status).toBe(200);
      const sent = await t.http().post(`/api/channels/${server.defaultChannelId}/messages`).set('Authorization', token).send({ content: 'beep' });
      expect({ status: sent.status, author: sent.body.author }).toEqual({ status: 201, author: app.bot });
      const reacted = await t.http().post(`/api/channels/${server.defaultChannelId}/messages/${sent.body.id}/reactions`).set('Authorization', token).send({ emoji: '🤖' });
      expect(reacted.status).toBe(200);

      const refused = await t.http().post('/api/servers').set('Authorization', token).send({ name: 'Bot land' });
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: problemBody(403, 'Forbidden', 'FORBIDDEN') });
      expect((await t.http().post('/api/applications').set('Authorization', token).send({ name: 'Bot app' })).status).toBe(403);
    });

    it('cannot log in with a password', async () => {
      const res = await t.http().post('/api/users/login').send({ username: app.bot.username, password: 'anything at all' });
      expect(res.status).toBe(401);
    });
  });
});
