import { DEFAULT_QUOTAS, type Quotas } from '../../entities/quotas';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import { memberLeft } from '../../events/chat-event';
import { isId } from '../../ids';
import type { Clock } from '../../ports/clock';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { banReasonIssues } from '../../rules/ban-rules';
import { quotaRefusal } from '../../rules/quota-rules';
import { serverWithPermission } from '../permissions';
import { outranks } from './outranks';

/**
 * A member holding BAN_MEMBERS bans a user: if a member (ranked below them, never the owner), they are removed (`member.left`, reason `ban`, the last event
 * of the server their sockets get), and no invite lets them back in until the ban is lifted. A user
 * who is not a member can be banned too, so they cannot join. Banning again replaces the reason, and
 * counts nothing against the quota. The server is held against joins, so a ban and a join at the same
 * moment end banned, and racing bans count one at a time.
 */
export class BanMember {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember', 'MissingPermission', 'CannotRemoveOwner', 'UserNotFound', 'RoleHierarchy', 'QuotaExceeded'] as const;

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
      const found = await serverWithPermission(stores, serverId, actor.userId, 'BAN_MEMBERS', { held: true });
      if (!found.ok) return found;
      const { server, standing } = found.value;
      const id = server.id;
      if (userId === server.ownerId) return fail({ kind: 'CannotRemoveOwner' });
      if (!isId(userId) || !(await stores.users.findSummary(userId))) return fail({ kind: 'UserNotFound' });
      // The hierarchy ranks members; a user outside the server has no rank to respect.
      if ((await stores.members.find(id, userId)) && !(await outranks(stores, server, standing, userId))) return fail({ kind: 'RoleHierarchy' });
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
