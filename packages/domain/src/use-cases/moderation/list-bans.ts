import { banViewFor, type BanView } from '../../entities/ban';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import { isId } from '../../ids';
import type { Stores } from '../../ports/stores';
import { fail, ok, type Outcome } from '../../result';
import { BAN_PAGE_LIMIT, limitIssues } from '../../rules/message-rules';
import { serverWithPermission } from '../permissions';

export interface ListBansInput {
  readonly limit?: number;
  /** The user id of the last ban of the previous page. */
  readonly after?: string;
}

/** The server's bans, oldest first, a page at a time (BAN_MEMBERS); see `banViewFor` for whose names it shows. */
export class ListBans {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember', 'MissingPermission'] as const;

  constructor(private readonly stores: Pick<Stores, 'servers' | 'members' | 'roles' | 'bans'>) {}

  async execute(actor: Actor, serverId: string, input: ListBansInput = {}): Outcome<BanView[], typeof ListBans.errors> {
    const issues = limitIssues(input.limit, BAN_PAGE_LIMIT);
    if (issues.length > 0) return fail(validationFailed(issues));
    const limit = input.limit ?? BAN_PAGE_LIMIT.default;
    const found = await serverWithPermission(this.stores, serverId, actor.userId, 'BAN_MEMBERS');
    if (!found.ok) return found;
    const { server } = found.value;

    // Ban order is the order; the cursor user's own ban marks the position.
    const after = input.after === undefined ? undefined : isId(input.after) ? await this.stores.bans.find(server.id, input.after) : null;
    if (after === null) return fail(validationFailed([{ path: 'after', message: 'must be the user id of a banned user' }]));
    const records = await this.stores.bans.list(server.id, after ? { limit, after } : { limit }, actor.userId);
    return ok(records.map(banViewFor));
  }
}
