import { INVITE_LIMITS, type Invite } from '../../entities/invite';
import { DEFAULT_QUOTAS, type Quotas } from '../../entities/quotas';
import { quotaRefusal } from '../../rules/quota-rules';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import type { Clock } from '../../ports/clock';
import type { InviteCodeGenerator } from '../../ports/invite-code-generator';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { inviteOptionsIssues, type InviteOptions } from '../../rules/invite-rules';
import { personActing, serverOfMember } from '../access';
import { standingIn } from '../permissions';
import { has } from '../../entities/permissions';

/**
 * An invite to a server, by a member holding CREATE_INVITE (never a bot): the owner, or anyone
 * `@everyone` or a role gives it to (`membersCanInvite` is `@everyone`'s bit). By default it expires after 7 days and has no use limit.
 */
export class CreateInvite {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember', 'MissingPermission', 'BotsCannotDoThis', 'InvalidToken', 'QuotaExceeded'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly codes: InviteCodeGenerator,
    private readonly clock: Clock,
    private readonly quotas: Quotas = DEFAULT_QUOTAS,
  ) {}

  async execute(actor: Actor, serverId: string, options: InviteOptions = {}): Outcome<Invite, typeof CreateInvite.errors> {
    const issues = inviteOptionsIssues(options);
    if (issues.length > 0) return fail(validationFailed(issues));
    return this.unitOfWork.run(async (stores) => {
      // Held: racing creations in one server count its live invites one at a time.
      const server = await serverOfMember(stores.servers, stores.members, serverId, actor.userId, 'change');
      if (!server.ok) return server;
      const person = await personActing(stores.users, actor);
      if (!person.ok) return person;
      if (!has((await standingIn(stores, server.value, actor.userId)).permissions, 'CREATE_INVITE')) return fail({ kind: 'MissingPermission', permission: 'CREATE_INVITE' });

      const now = this.clock.now();
      const full = quotaRefusal(this.quotas, 'invitesPerServer', await stores.invites.countLive(server.value.id, now));
      if (full) return fail(full);
      const seconds = options.expiresInSeconds === undefined ? INVITE_LIMITS.expiresInSeconds.default : options.expiresInSeconds;
      const invite: Invite = {
        code: this.codes.next(),
        serverId: server.value.id,
        creatorId: actor.userId,
        createdAt: now,
        maxUses: options.maxUses ?? null,
        uses: 0,
        expiresAt: seconds === null ? null : new Date(now.getTime() + seconds * 1000),
      };
      await stores.invites.create(invite);
      return ok(invite);
    });
  }
}
