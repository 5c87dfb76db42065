import { DEFAULT_QUOTAS, type Quotas } from '../../entities/quotas';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import type { Clock } from '../../ports/clock';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { blockTargetIssues } from '../../rules/block-rules';
import { quotaRefusal } from '../../rules/quota-rules';
import { personActing } from '../access';

/**
 * A person blocks another user. Blocking again changes nothing and is not refused (the first block
 * keeps its time), nor counted against the `blocks` quota. The blocker is held, so racing blocks of
 * one person count one at a time and cannot pass the quota together. Nobody is told: the blocked
 * user learns of it only where a block refuses them (direct messages).
 */
export class BlockUser {
  static readonly errors = ['ValidationFailed', 'InvalidToken', 'BotsCannotDoThis', 'UserNotFound', 'QuotaExceeded'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly quotas: Quotas = DEFAULT_QUOTAS,
  ) {}

  async execute(actor: Actor, userId: string): Outcome<void, typeof BlockUser.errors> {
    const issues = blockTargetIssues(actor.userId, userId);
    if (issues.length > 0) return fail(validationFailed(issues));
    return this.unitOfWork.run(async ({ users, blocks }) => {
      const person = await personActing(users, actor, { held: true });
      if (!person.ok) return person;
      if (!(await users.findSummary(userId))) return fail({ kind: 'UserNotFound' });
      if (await blocks.isBlocking(actor.userId, userId)) return ok(undefined);
      const full = quotaRefusal(this.quotas, 'blocks', await blocks.count(actor.userId));
      if (full) return fail(full);
      await blocks.block({ userId: actor.userId, blockedId: userId, createdAt: this.clock.now() });
      return ok(undefined);
    });
  }
}
