import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { ChatApiError, createBot, ok, type Bot } from '@chat/client';
import { buildTestApp, type TestApp } from '../../../apps/api/test/test-app.js';

/*
 * The bot client against the real app (in-process, access tokens of 5 s; its gateway is not served
 * here: example-bot-renewal.e2e.test.ts runs a bot with one), with the network in
 * between watched: which grants reach the token endpoint, and a 401 or a spoilt refresh token put
 * in where a test asks for one.
 */
describe('a bot built from its client credentials', () => {
  let t: TestApp;
  let server: Server;
  let baseUrl: string;
  let credentials: { clientId: string; clientSecret: string };
  let bot: Bot | undefined;
  /** The grant type of each token request, in order. */
  let grants: string[];
  let refuseNextApiCall: boolean;
  let spoilNextRefresh: boolean;
  /** 401s the API itself answered. */
  let unauthorized: number;

  const watched: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (request.url.endsWith('/api/oauth2/token')) {
      const form = new URLSearchParams(await request.text());
      grants.push(form.get('grant_type') ?? '');
      if (form.get('grant_type') === 'refresh_token' && spoilNextRefresh) {
        spoilNextRefresh = false;
        form.set('refresh_token', 'spent-long-ago');
      }
      return fetch(request.url, { method: 'POST', headers: request.headers, body: form });
    }
    if (refuseNextApiCall) {
      refuseNextApiCall = false;
      return Response.json({ type: 'about:blank', title: 'Unauthorized', status: 401, code: 'UNAUTHORIZED' }, { status: 401 });
    }
    const response = await fetch(request);
    if (response.status === 401) unauthorized += 1;
    return response;
  };

  beforeEach(async () => {
    grants = [];
    refuseNextApiCall = false;
    spoilNextRefresh = false;
    unauthorized = 0;
    t = await buildTestApp({ accessTokenTtlSeconds: 5 });
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const owner = await t.register('owner');
    credentials = (await t.http().post('/api/applications').set('Authorization', owner.token).send({ name: 'Test Bot' })).body;
  });

  afterEach(async () => {
    bot?.close();
    bot = undefined;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const start = (): Bot => (bot = createBot({ baseUrl, ...credentials, WebSocket, fetch: watched }));
  const myServers = (b: Bot) => ok(b.rest.GET('/api/users/@me/servers'));

  it('gets one token for calls made together, and uses it', async () => {
    const b = start();
    b.gateway.close(); // REST only here
    const answers = await Promise.all([myServers(b), myServers(b), myServers(b), myServers(b)]);
    expect({ answers, grants }).toEqual({ answers: [[], [], [], []], grants: ['client_credentials'] });
  });

  it('renews with its refresh token before the token expires, with no 401 on the way', async () => {
    const b = start();
    b.gateway.close();
    await myServers(b);
    const first = await b.tokens.get();
    await new Promise((resolve) => setTimeout(resolve, 4_000)); // past the renewal point (3.75 s), before expiry (5 s)
    await myServers(b);
    expect({ renewed: (await b.tokens.get()) !== first, grants, unauthorized }).toEqual({
      renewed: true,
      grants: ['client_credentials', 'refresh_token'],
      unauthorized: 0,
    });
  }, 10_000);

  it('on a 401, renews once and sends the request once more', async () => {
    const b = start();
    b.gateway.close();
    await myServers(b);
    // Into the next second: a token of the same session issued in the same second is the same JWT.
    await new Promise((resolve) => setTimeout(resolve, 1_010 - (Date.now() % 1_000)));
    refuseNextApiCall = true;
    expect(await myServers(b)).toEqual([]);
    expect(grants).toEqual(['client_credentials', 'refresh_token']);
  });

  it('falls back to its client credentials when the refresh token is refused (invalid_grant)', async () => {
    const b = start();
    b.gateway.close();
    await myServers(b);
    refuseNextApiCall = true;
    spoilNextRefresh = true;
    expect(await myServers(b)).toEqual([]);
    expect(grants).toEqual(['client_credentials', 'refresh_token', 'client_credentials']);
  });

  it('sends a request refused 401 once more only, and hands the second 401 to the caller', async () => {
    let apiCalls = 0;
    const refuseAll: typeof fetch = async (input, init) => {
      if (new Request(input, init).url.endsWith('/api/oauth2/token')) return watched(input, init);
      apiCalls += 1;
      return Response.json({ code: 'UNAUTHORIZED' }, { status: 401 });
    };
    const b = (bot = createBot({ baseUrl, ...credentials, WebSocket, fetch: refuseAll }));
    b.gateway.close();
    await b.tokens.get();
    await new Promise((resolve) => setTimeout(resolve, 1_010 - (Date.now() % 1_000)));
    await expect(myServers(b)).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect({ apiCalls, grants }).toEqual({ apiCalls: 2, grants: ['client_credentials', 'refresh_token'] });
  });

  it('throws the token endpoint’s refusal of its credentials as a ChatApiError', async () => {
    credentials = { ...credentials, clientSecret: 'not the secret' };
    const b = start();
    b.gateway.close();
    const refusal = await myServers(b).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ChatApiError);
    expect(refusal).toMatchObject({ status: 401, code: 'invalid_client' });
  });
});
