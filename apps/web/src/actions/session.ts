/** Logging in, signing up and out: a session's REST client and gateway connection start and end here. */
import { connect, createRestClient, ok } from '@chat/client';
import { deviceTokenFor, rememberDeviceToken, type KeyValueStore } from '../device-tokens.js';
import { signedIn, step, type Me } from '../model/state.js';
import type { Page } from '../page.js';
import { listen } from '../realtime.js';
import { readBlocks } from './blocks.js';
import { showSignedIn } from '../views/session.js';

/** Read at each use: a browser that refuses storage throws there, and device-tokens.ts takes that as none. */
const deviceStore: KeyValueStore = { getItem: (key) => localStorage.getItem(key), setItem: (key, value) => localStorage.setItem(key, value) };

type Grant = { token: string; user: Me };

function startSession(page: Page, grant: Grant): void {
  page.token = grant.token;
  // A 429 is shown to the person with its wait rather than retried behind their back.
  page.rest = createRestClient({ baseUrl: location.origin, token: () => page.token, retryOn429: false });
  page.apply(step(signedIn(page.state, grant.user)));
  showSignedIn(page.el, grant.user);
  const gateway = connect({ baseUrl: location.origin, token: () => page.token ?? '' });
  page.gateway = gateway;
  listen(page, gateway);
  void page.background('Listing blocked users', () => readBlocks(page));
}

const anonymous = () => createRestClient({ baseUrl: location.origin, retryOn429: false });

/** Runs a login or sign-up unless one is in flight. */
function once(page: Page, action: string, run: () => Promise<void>): void {
  if (page.busy) return;
  page.busy = true;
  void page.attempt(action, run).finally(() => (page.busy = false));
}

export function logIn(page: Page, form: HTMLFormElement): void {
  const fields = new FormData(form);
  const name = String(fields.get('username') ?? '').trim();
  const password = String(fields.get('password') ?? '');
  once(page, 'Logging in', async () => {
    const deviceToken = deviceTokenFor(deviceStore, name);
    const body = { ...(name.includes('@') ? { email: name, password } : { username: name, password }), ...(deviceToken ? { deviceToken } : {}) };
    const grant = await ok(anonymous().POST('/api/users/login', { body }));
    rememberDeviceToken(deviceStore, [name], grant.deviceToken);
    startSession(page, grant);
    form.reset();
  });
}

export function signUp(page: Page, form: HTMLFormElement): void {
  const fields = new FormData(form);
  const body = { username: String(fields.get('username') ?? '').trim(), email: String(fields.get('email') ?? '').trim(), password: String(fields.get('password') ?? '') };
  once(page, 'Signing up', async () => {
    const grant = await ok(anonymous().POST('/api/users/register', { body }));
    rememberDeviceToken(deviceStore, [body.username, body.email], grant.deviceToken);
    startSession(page, grant);
    form.reset();
  });
}

export function logOut(page: Page): void {
  const client = page.rest;
  void page.attempt('Logging out', async () => {
    try {
      await client?.POST('/api/users/logout');
    } finally {
      page.endSession();
    }
  });
}
