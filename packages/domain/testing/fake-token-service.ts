import type { Actor, TokenService } from '../src';

/** Unsigned, readable tokens for unit tests: `fake.<userId>.<sessionId>`. */
export class FakeTokenService implements TokenService {
  constructor(readonly lifetimeSeconds = 3600) {}

  async issue(actor: Actor): Promise<string> {
    return `fake.${actor.userId}.${actor.sessionId}`;
  }

  async verify(token: string): Promise<Actor | null> {
    const match = /^fake\.(\d+)\.(\d+)$/.exec(token);
    return match ? { userId: match[1] as string, sessionId: match[2] as string } : null;
  }
}
