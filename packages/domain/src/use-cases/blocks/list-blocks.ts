import { BLOCK_PAGE_LIMIT } from '../../entities/block';
import type { Actor } from '../../entities/session';
import type { UserSummary } from '../../entities/user';
import { validationFailed } from '../../errors';
import type { BlockRepository } from '../../ports/block-repository';
import { fail, ok, type Outcome } from '../../result';
import { idPageOf, type PageInput } from '../../rules/message-rules';

/** The users the caller blocks, in id order, a page at a time (by default all of them: the list is never longer than the quota). */
export class ListBlocks {
  static readonly errors = ['ValidationFailed'] as const;

  constructor(private readonly blocks: BlockRepository) {}

  async execute(actor: Actor, input: PageInput = {}): Outcome<UserSummary[], typeof ListBlocks.errors> {
    const page = idPageOf(input, BLOCK_PAGE_LIMIT);
    if (Array.isArray(page)) return fail(validationFailed(page));
    return ok(await this.blocks.list(actor.userId, page));
  }
}
