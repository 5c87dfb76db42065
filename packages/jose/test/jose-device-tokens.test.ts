import { createHash, createHmac } from 'node:crypto';
import { JoseDeviceTokens, JoseTokenService } from '@chat/jose';

const secret = 'a-test-secret-that-is-long-enough-for-hs256';
const names = ['email:ann@example.com', 'username:ann'];

const b64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const hashOf = (name: string): string => createHash('sha256').update(name).digest('base64url');

function handMade(payload: object, header: object = { alg: 'HS256', typ: 'device+jwt' }, key = secret): string {
  const unsigned = `${b64url(header)}.${b64url(payload)}`;
  return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
}

const claims = (overrides: object = {}) => {
  const now = Math.floor(Date.now() / 1000);
  return { jti: 'device-1', acct: names.map(hashOf), iss: 'chat-api', aud: 'chat-api:device', iat: now, exp: now + 60, ...overrides };
};

describe('JoseDeviceTokens', () => {
  let devices: JoseDeviceTokens;
  beforeAll(async () => {
    devices = await JoseDeviceTokens.create({ secret });
  });

  it('recognizes its token under each login name of the account, with one device id', async () => {
    const token = await devices.issue(names);
    const ids = await Promise.all(names.map((name) => devices.recognize(token, name)));
    expect(ids[0]).toMatch(/^[\w-]{22}$/);
    expect(ids[1]).toBe(ids[0]);
  });

  it('gives each token a device id of its own, and lasts a year', async () => {
    const [a, b] = [await devices.issue(names), await devices.issue(names)];
    expect(await devices.recognize(a, 'username:ann')).not.toBe(await devices.recognize(b, 'username:ann'));
    const { exp, iat } = JSON.parse(Buffer.from(a.split('.')[1] as string, 'base64url').toString());
    expect(exp - iat).toBe(365 * 24 * 3600);
  });

  it('does not show the login names it was issued for', async () => {
    expect(Buffer.from((await devices.issue(names)).split('.')[1] as string, 'base64url').toString()).not.toContain('ann');
  });

  it("does not recognize it for another account's name", async () => {
    expect(await devices.recognize(await devices.issue(names), 'username:bob')).toBeNull();
  });

  it('recognizes one made elsewhere with the same secret, and no expired, forged, untyped or alg-none one', async () => {
    expect(await devices.recognize(handMade(claims()), 'username:ann')).toBe('device-1');
    expect(await devices.recognize(handMade(claims({ exp: Math.floor(Date.now() / 1000) - 1 })), 'username:ann')).toBeNull();
    expect(await devices.recognize(handMade(claims(), undefined, 'another-secret-that-is-long-enough-for-hs256'), 'username:ann')).toBeNull();
    expect(await devices.recognize(handMade(claims(), { alg: 'HS256' }), 'username:ann')).toBeNull();
    expect(await devices.recognize(`${b64url({ alg: 'none', typ: 'device+jwt' })}.${b64url(claims())}.`, 'username:ann')).toBeNull();
    expect(await devices.recognize(handMade(claims({ acct: 'not a list' })), 'username:ann')).toBeNull();
    expect(await devices.recognize('garbage', 'username:ann')).toBeNull();
  });

  it('is never an access token, nor an access token one', async () => {
    const access = await JoseTokenService.create({ secret, ttlSeconds: 60 });
    expect(await access.verify(await devices.issue(names))).toBeNull();
    expect(await devices.recognize(await access.issue({ userId: '1', sessionId: '2' }), 'username:ann')).toBeNull();
  });

  it('keeps recognizing tokens of the previous secret after a rotation', async () => {
    const newSecret = 'the-new-secret-that-is-long-enough-for-hs256';
    const old = await devices.issue(names);
    const after = await JoseDeviceTokens.create({ secret: newSecret, previousSecret: secret });
    expect(await after.recognize(old, 'username:ann')).not.toBeNull();
    expect(await (await JoseDeviceTokens.create({ secret: newSecret })).recognize(old, 'username:ann')).toBeNull();
  });
});
