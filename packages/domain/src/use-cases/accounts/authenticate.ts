import type { Actor } from '../../entities/session';
import type { SessionRepository } from '../../ports/session-repository';
import type { TokenService } from '../../ports/token-service';
import type { ErrorOf } from '../../errors';
import { fail, ok, type Result, type Outcome } from '../../result';
import { sessionIsLive } from '../access';

/** A token counts only while its signature holds and its session has not been revoked. */
export class Authenticate {
  static readonly errors = ['InvalidToken'] as const;

  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionRepository,
  ) {}

  async execute(token: string): Outcome<Actor, typeof Authenticate.errors> {
    const claimed = await this.claims(token);
    if (!claimed.ok) return claimed;
    return (await this.isLive(claimed.value)) ? claimed : fail({ kind: 'InvalidToken' });
  }

  /**
   * The signature and claims alone, with no look-up: for use cases that check the session in their
   * own single look-up (GetMessages, SendMessage). Anything else must use `execute`.
   */
  async claims(token: string): Promise<Result<Actor, ErrorOf<'InvalidToken'>>> {
    const actor = await this.tokens.verify(token);
    return actor ? ok(actor) : fail({ kind: 'InvalidToken' });
  }

  /** Whether the session behind claims from `claims` is still live. */
  isLive(actor: Actor): Promise<boolean> {
    return sessionIsLive(this.sessions, actor);
  }
}
