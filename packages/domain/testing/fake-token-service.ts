import type { Actor, TokenService } from '../src';

/** Unsigned, readable tokens for unit tests: `fake.<userId>.<sessionId>`, and `.<botOwnerId>` for a bot's. */
export class FakeTokenService implements TokenService {
  constructor(readonly lifetimeSeconds = 3600) {}

  async issue(actor: Actor): Promise<string> {
    return `fake.${actor.userId}.${actor.sessionId}${actor.botOwnerId !== undefined ? `.${actor.botOwnerId}` : ''}`;
  }

  async verify(token: string): Promise<Actor | null> {
    const match = /^fake\.(\d+)\.(\d+)(?:\.(\d+))?$/.exec(token);
    if (!match) return null;
    const actor = { userId: match[1] as string, sessionId: match[2] as string };
    return match[3] !== undefined ? { ...actor, botOwnerId: match[3] } : actor;
  }
}
