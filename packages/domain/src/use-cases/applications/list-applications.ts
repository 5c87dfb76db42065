import type { ApplicationView } from '../../entities/application';
import type { Actor } from '../../entities/session';
import type { ApplicationRepository } from '../../ports/application-repository';
import { fail, ok, type Outcome } from '../../result';
import { validationFailed } from '../../errors';
import { APPLICATION_PAGE_LIMIT, idPageOf, type PageInput } from '../../rules/message-rules';

/** The caller's applications in id order, `limit` (1-100, default 100) after the id `after`. */
export class ListApplications {
  static readonly errors = ['ValidationFailed'] as const;

  constructor(private readonly applications: ApplicationRepository) {}

  async execute(actor: Actor, input: PageInput = {}): Outcome<ApplicationView[], typeof ListApplications.errors> {
    const page = idPageOf(input, APPLICATION_PAGE_LIMIT);
    if (Array.isArray(page)) return fail(validationFailed(page));
    return ok(await this.applications.listByOwner(actor.userId, page));
  }
}
