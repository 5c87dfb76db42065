import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import type { BlockRepository } from '../../ports/block-repository';
import type { UserRepository } from '../../ports/user-repository';
import { fail, ok, type Outcome } from '../../result';
import { blockTargetIssues } from '../../rules/block-rules';

/**
 * Lifts one's block of a user. Unblocking someone not blocked succeeds too (as Discord's relationship
 * delete does): the caller wanted them unblocked, and they are. A user id that names nobody is refused.
 */
export class UnblockUser {
  static readonly errors = ['ValidationFailed', 'UserNotFound'] as const;

  constructor(
    private readonly users: UserRepository,
    private readonly blocks: BlockRepository,
  ) {}

  async execute(actor: Actor, userId: string): Outcome<'unblocked' | 'absent', typeof UnblockUser.errors> {
    const issues = blockTargetIssues(actor.userId, userId);
    if (issues.length > 0) return fail(validationFailed(issues));
    if (!(await this.users.findSummary(userId))) return fail({ kind: 'UserNotFound' });
    return ok(await this.blocks.unblock(actor.userId, userId));
  }
}
