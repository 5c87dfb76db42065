import type { Server } from '../../entities/server';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import type { ServerRepository } from '../../ports/server-repository';
import { fail, ok, type Outcome } from '../../result';
import { idPageOf, SERVER_PAGE_LIMIT, type PageInput } from '../../rules/message-rules';

/** The caller's servers in id order, `limit` (1-200, default 200) after the id `after`. */
export class ListMyServers {
  static readonly errors = ['ValidationFailed'] as const;

  constructor(private readonly servers: ServerRepository) {}

  async execute(actor: Actor, input: PageInput = {}): Outcome<Server[], typeof ListMyServers.errors> {
    const page = idPageOf(input, SERVER_PAGE_LIMIT);
    if (Array.isArray(page)) return fail(validationFailed(page));
    return ok(await this.servers.listForUser(actor.userId, page));
  }
}
