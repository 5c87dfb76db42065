import { banViewFor, type BanView } from '../../entities/ban';
import { DEFAULT_QUOTAS, type Quotas } from '../../entities/quotas';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import { memberLeft } from '../../events/chat-event';
import { isId } from '../../ids';
import type { Clock } from '../../ports/clock';
import type { Stores } from '../../ports/stores';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { banReasonIssues } from '../../rules/ban-rules';
import { BAN_PAGE_LIMIT, limitIssues } from '../../rules/message-rules';
import { quotaRefusal } from '../../rules/quota-rules';
import { serverOfOwner } from '../access';

/**
 * The owner bans a user: if a member, they are removed (`member.left`, reason `ban`, the last event
 * of the server their sockets get), and no invite lets them back in until the ban is lifted. A user
 * who is not a member can be banned too, so they cannot join. Banning again replaces the reason, and
 * counts nothing against the quota. The server is held against joins, so a ban and a join at the same
 * moment end banned, and racing bans count one at a time.
 */
export class BanMember {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember', 'NotTheOwner', 'CannotRemoveOwner', 'UserNotFound', 'QuotaExceeded'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly quotas: Quotas = DEFAULT_QUOTAS,
  ) {}

  async execute(actor: Actor, serverId: string, userId: string, input: { readonly reason?: string | null } = {}): Outcome<void, typeof BanMember.errors> {
    const issues = banReasonIssues(input.reason);
    if (issues.length > 0) return fail(validationFailed(issues));
    const reason = input.reason?.trim() || null;
    return this.unitOfWork.run(async (stores) => {
      const server = await serverOfOwner(stores, serverId, actor.userId, { held: true });
      if (!server.ok) return server;
      const id = server.value.id;
      if (userId === actor.userId) return fail({ kind: 'CannotRemoveOwner' });
      if (!isId(userId) || !(await stores.users.findSummary(userId))) return fail({ kind: 'UserNotFound' });
      if (!(await stores.bans.isBanned(id, userId))) {
        const full = quotaRefusal(this.quotas, 'bansPerServer', await stores.bans.count(id));
        if (full) return fail(full);
      }
      const removed = (await stores.members.remove(id, userId)) === 'removed';
      await stores.bans.add({ serverId: id, userId, reason, createdAt: this.clock.now(), memberWhenBanned: removed });
      if (removed) await stores.events.append(memberLeft(id, userId, 'ban'));
      return ok(undefined);
    });
  }
}

export interface ListBansInput {
  readonly limit?: number;
  /** The user id of the last ban of the previous page. */
  readonly after?: string;
}

/** The server's bans, oldest first, a page at a time (owner only); see `banViewFor` for whose names it shows. */
export class ListBans {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember', 'NotTheOwner'] as const;

  constructor(private readonly stores: Pick<Stores, 'servers' | 'members' | 'bans'>) {}

  async execute(actor: Actor, serverId: string, input: ListBansInput = {}): Outcome<BanView[], typeof ListBans.errors> {
    const issues = limitIssues(input.limit, BAN_PAGE_LIMIT);
    if (issues.length > 0) return fail(validationFailed(issues));
    const limit = input.limit ?? BAN_PAGE_LIMIT.default;
    const server = await serverOfOwner(this.stores, serverId, actor.userId);
    if (!server.ok) return server;

    // Ban order is the order; the cursor user's own ban marks the position.
    const after = input.after === undefined ? undefined : isId(input.after) ? await this.stores.bans.find(server.value.id, input.after) : null;
    if (after === null) return fail(validationFailed([{ path: 'after', message: 'must be the user id of a banned user' }]));
    const records = await this.stores.bans.list(server.value.id, after ? { limit, after } : { limit }, actor.userId);
    return ok(records.map(banViewFor));
  }
}

/** Lifts a ban (owner only): the user may join again with an invite; they are not added back. */
export class Unban {
  static readonly errors = ['ServerNotFound', 'NotAMember', 'NotTheOwner', 'BanNotFound'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, serverId: string, userId: string): Outcome<void, typeof Unban.errors> {
    return this.unitOfWork.run(async (stores) => {
      const server = await serverOfOwner(stores, serverId, actor.userId);
      if (!server.ok) return server;
      if (!isId(userId) || (await stores.bans.remove(server.value.id, userId)) === 'absent') return fail({ kind: 'BanNotFound' });
      return ok(undefined);
    });
  }
}
