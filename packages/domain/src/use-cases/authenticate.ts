import type { Actor } from '../entities/session';
import type { SessionRepository } from '../ports/session-repository';
import type { TokenService } from '../ports/token-service';
import { fail, ok, type Result } from '../result';

/** A token counts only while its signature holds and its session has not been revoked. */
export class Authenticate {
  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionRepository,
  ) {}

  async execute(token: string): Promise<Result<Actor>> {
    const actor = await this.tokens.verify(token);
    if (!actor) return fail({ kind: 'InvalidToken' });
    const session = await this.sessions.find(actor.sessionId);
    if (!session || session.userId !== actor.userId) return fail({ kind: 'InvalidToken' });
    return ok(actor);
  }
}
