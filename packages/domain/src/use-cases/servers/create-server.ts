import { DEFAULT_CHANNEL_NAME } from '../../entities/channel';
import { DEFAULT_QUOTAS, type Quotas } from '../../entities/quotas';
import { quotaRefusal } from '../../rules/quota-rules';
import { everyoneRoleOf } from '../../entities/role';
import type { Server } from '../../entities/server';
import type { Actor } from '../../entities/session';
import { summarizeUser } from '../../entities/user';
import { validationFailed } from '../../errors';
import { memberJoined } from '../../events/chat-event';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { personActing } from '../access';
import { serverNameIssues } from '../../rules/name-rules';

export class CreateServer {
  static readonly errors = ['ValidationFailed', 'InvalidToken', 'BotsCannotDoThis', 'QuotaExceeded'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly quotas: Quotas = DEFAULT_QUOTAS,
  ) {}

  async execute(actor: Actor, input: { readonly name: string }): Outcome<Server, typeof CreateServer.errors> {
    const issues = serverNameIssues(input.name);
    if (issues.length > 0) return fail(validationFailed(issues));
    return this.unitOfWork.run(async (stores) => {
      // Servers are for people; bots join through invites. Held: racing creations count one at a time.
      const person = await personActing(stores.users, actor, { held: true });
      if (!person.ok) return person;
      const full = quotaRefusal(this.quotas, 'serversOwned', await stores.servers.countOwnedBy(actor.userId));
      if (full) return fail(full);

      const now = this.clock.now();
      const serverId = this.ids.next();
      const defaultChannel = { id: this.ids.next(), serverId, name: DEFAULT_CHANNEL_NAME, topic: null, position: 0, permissionOverwrites: [], createdAt: now };
      const server: Server = {
        id: serverId,
        name: input.name.trim(),
        avatar: null,
        banner: null,
        verified: false,
        defaultChannelId: defaultChannel.id,
        ownerId: actor.userId,
        createdAt: now,
        membersCanInvite: false,
      };
      const owner = { serverId, userId: actor.userId, joinedAt: now };
      await stores.servers.create({ server, defaultChannel, owner, everyone: everyoneRoleOf(serverId, now, server.membersCanInvite) });
      // The owner's own sockets learn of the server as any joiner's do.
      await stores.events.append(memberJoined({ ...owner, user: summarizeUser(person.value), roleIds: [] }));
      return ok(server);
    });
  }
}
