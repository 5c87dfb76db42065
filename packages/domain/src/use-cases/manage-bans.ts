import type { BanView } from '../entities/ban';
import type { Actor } from '../entities/session';
import { validationFailed } from '../errors';
import { memberLeft } from '../events/chat-event';
import { isId } from '../ids';
import type { Clock } from '../ports/clock';
import type { Stores } from '../ports/stores';
import type { UnitOfWork } from '../ports/unit-of-work';
import { fail, ok, type Outcome } from '../result';
import { banReasonIssues } from '../rules/ban-rules';
import { serverOfOwner } from './access';

/**
 * The owner bans a user: if a member, they are removed (`member.left`, reason `ban`, the last event
 * of the server their sockets get), and no invite lets them back in until the ban is lifted. A user
 * who is not a member can be banned too, so they cannot join. Banning again replaces the reason.
 * The server is held against joins, so a ban and a join at the same moment end banned.
 */
export class BanMember {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember', 'NotTheOwner', 'OwnerCannotLeave', 'UserNotFound'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, serverId: string, userId: string, input: { readonly reason?: string | null } = {}): Outcome<void, typeof BanMember.errors> {
    const issues = banReasonIssues(input.reason);
    if (issues.length > 0) return fail(validationFailed(issues));
    const reason = input.reason?.trim() || null;
    return this.unitOfWork.run(async (stores) => {
      const server = await serverOfOwner(stores, serverId, actor.userId, { held: true });
      if (!server.ok) return server;
      if (userId === actor.userId) return fail({ kind: 'OwnerCannotLeave' });
      if (!isId(userId) || !(await stores.users.findSummary(userId))) return fail({ kind: 'UserNotFound' });
      await stores.bans.add({ serverId: server.value.id, userId, reason, createdAt: this.clock.now() });
      if ((await stores.members.remove(server.value.id, userId)) === 'removed') await stores.events.append(memberLeft(server.value.id, userId, 'ban'));
      return ok(undefined);
    });
  }
}

/** The server's bans, oldest first (owner only). */
export class ListBans {
  static readonly errors = ['ServerNotFound', 'NotAMember', 'NotTheOwner'] as const;

  constructor(private readonly stores: Pick<Stores, 'servers' | 'members' | 'bans'>) {}

  async execute(actor: Actor, serverId: string): Outcome<BanView[], typeof ListBans.errors> {
    const server = await serverOfOwner(this.stores, serverId, actor.userId);
    if (!server.ok) return server;
    return ok(await this.stores.bans.list(server.value.id));
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
