import { createHmac } from 'node:crypto';
import { JoseTokenService } from '@chat/jose';

const secret = 'a-test-secret-that-is-long-enough-for-hs256';
const actor = { userId: '101', sessionId: '202' };

const b64url = (value: object | string): string =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

function handMadeToken(header: object, payload: object, key = secret): string {
  const unsigned = `${b64url(header)}.${b64url(payload)}`;
  return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
}

const validClaims = () => ({
  sub: actor.userId,
  sid: actor.sessionId,
  iss: 'chat-api',
  aud: 'chat-api',
  iat: Math.floor(Date.now() / 1000),
  exp: Math.floor(Date.now() / 1000) + 60,
});

describe('JoseTokenService', () => {
  let tokens: JoseTokenService;
  beforeAll(async () => {
    tokens = await JoseTokenService.create({ secret, ttlSeconds: 60 });
  });

  it('verifies the tokens it issues back to the same actor', async () => {
    expect(await tokens.verify(await tokens.issue(actor))).toEqual(actor);
  });

  it('carries a bot\'s owner, and reads a token without one as a token without one', async () => {
    const bot = { userId: '303', sessionId: '404', botOwnerId: '101' };
    expect(await tokens.verify(await tokens.issue(bot))).toEqual(bot);
    expect(await tokens.verify(handMadeToken({ alg: 'HS256' }, { ...validClaims(), bot_owner: 7 }))).toEqual(actor);
  });

  it('accepts a correctly signed HS256 token made elsewhere with the same secret', async () => {
    expect(await tokens.verify(handMadeToken({ alg: 'HS256' }, validClaims()))).toEqual(actor);
  });

  it('rejects alg none', async () => {
    const unsigned = `${b64url({ alg: 'none' })}.${b64url(validClaims())}.`;
    expect(await tokens.verify(unsigned)).toBeNull();
  });

  it('rejects a forged signature', async () => {
    expect(await tokens.verify(handMadeToken({ alg: 'HS256' }, validClaims(), `${secret}-but-another`))).toBeNull();
  });

  it('rejects an algorithm outside the fixed list even with a valid HMAC', async () => {
    const unsigned = `${b64url({ alg: 'HS512' })}.${b64url(validClaims())}`;
    const token = `${unsigned}.${createHmac('sha512', secret).update(unsigned).digest('base64url')}`;
    expect(await tokens.verify(token)).toBeNull();
  });

  it('rejects an expired token', async () => {
    const expired = { ...validClaims(), exp: Math.floor(Date.now() / 1000) - 10 };
    expect(await tokens.verify(handMadeToken({ alg: 'HS256' }, expired))).toBeNull();
  });

  it('remembers a verified token only until it expires', async () => {
    const token = handMadeToken({ alg: 'HS256' }, { ...validClaims(), exp: Math.floor(Date.now() / 1000) + 5 });
    expect(await tokens.verify(token)).toEqual(actor);
    expect(await tokens.verify(token)).toEqual(actor);
    jest.useFakeTimers({ now: Date.now() + 6_000, doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
    try {
      expect(await tokens.verify(token)).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('checks the signature of a token once, however often it is presented', async () => {
    // A service of its own: the shared one may already remember an identical token.
    const fresh = await JoseTokenService.create({ secret, ttlSeconds: 60 });
    const token = await fresh.issue(actor);
    const verify = jest.spyOn(globalThis.crypto.subtle, 'verify');
    try {
      for (let i = 0; i < 5; i++) expect(await fresh.verify(token)).toEqual(actor);
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
    }
  });

  it('does not let a remembered token vouch for a tampered copy of it', async () => {
    const token = await tokens.issue(actor);
    expect(await tokens.verify(token)).toEqual(actor);
    const [header, , signature] = token.split('.');
    const otherUser = `${header}.${b64url({ ...validClaims(), sub: '999' })}.${signature}`;
    expect(await tokens.verify(otherUser)).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
  });

  it('rejects a token without a session id', async () => {
    const { sid: _sid, ...withoutSession } = validClaims();
    expect(await tokens.verify(handMadeToken({ alg: 'HS256' }, withoutSession))).toBeNull();
  });

  it('rejects a token for another audience', async () => {
    expect(await tokens.verify(handMadeToken({ alg: 'HS256' }, { ...validClaims(), aud: 'elsewhere' }))).toBeNull();
  });

  it('rejects garbage', async () => {
    for (const garbage of ['', 'abc', 'a.b.c', 'Bearer x']) expect(await tokens.verify(garbage)).toBeNull();
  });

  it('refuses a secret shorter than 32 bytes', async () => {
    await expect(JoseTokenService.create({ secret: 'short', ttlSeconds: 60 })).rejects.toThrow(RangeError);
  });
});

describe('JoseTokenService key rotation', () => {
  const oldSecret = 'the-old-secret-that-is-long-enough-for-hs256!!';
  const newSecret = 'the-new-secret-that-is-long-enough-for-hs256!!';

  it('keeps accepting tokens of the previous key while signing with the new one', async () => {
    const before = await JoseTokenService.create({ secret: oldSecret, ttlSeconds: 60 });
    const oldToken = await before.issue(actor);
    const after = await JoseTokenService.create({ secret: newSecret, previousSecret: oldSecret, ttlSeconds: 60 });
    const newToken = await after.issue(actor);
    expect(await after.verify(oldToken)).toEqual(actor);
    expect(await after.verify(newToken)).toEqual(actor);
    expect(JSON.parse(Buffer.from(newToken.split('.')[0] as string, 'base64url').toString()).kid).not.toEqual(
      JSON.parse(Buffer.from(oldToken.split('.')[0] as string, 'base64url').toString()).kid,
    );
  });

  it('accepts a token without a kid signed with the previous key during a rotation', async () => {
    const claims = { sub: actor.userId, sid: actor.sessionId, iss: 'chat-api', aud: 'chat-api', iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 60 };
    const legacy = handMadeToken({ alg: 'HS256' }, claims, oldSecret);
    const after = await JoseTokenService.create({ secret: newSecret, previousSecret: oldSecret, ttlSeconds: 60 });
    expect(await after.verify(legacy)).toEqual(actor);
    expect(await (await JoseTokenService.create({ secret: newSecret, ttlSeconds: 60 })).verify(legacy)).toBeNull();
  });

  it('stops accepting the old key once it is dropped from the configuration', async () => {
    const oldToken = await (await JoseTokenService.create({ secret: oldSecret, ttlSeconds: 60 })).issue(actor);
    const rotatedTwice = await JoseTokenService.create({ secret: newSecret, ttlSeconds: 60 });
    expect(await rotatedTwice.verify(oldToken)).toBeNull();
  });

  it('honours a shorter lifetime per token', async () => {
    const service = await JoseTokenService.create({ secret: newSecret, ttlSeconds: 3600 });
    const token = await service.issue(actor, 900);
    const { exp, iat } = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
    expect(exp - iat).toBe(900);
  });
});
