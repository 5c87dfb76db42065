import type { Server } from '../entities/server';
import type { Actor } from '../entities/session';
import { memberJoined } from '../events/chat-event';
import type { Clock } from '../ports/clock';
import type { UnitOfWork } from '../ports/unit-of-work';
import { fail, ok, type Outcome } from '../result';

/** The shape of every code we hand out; anything else names no invite. */
const INVITE_CODE = /^[A-Za-z0-9_-]{1,64}$/;

export class JoinByInvite {
  static readonly errors = ['InviteNotFound', 'InvalidToken'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, code: string): Outcome<Server, typeof JoinByInvite.errors> {
    if (!INVITE_CODE.test(code)) return fail({ kind: 'InviteNotFound' });
    return this.unitOfWork.run(async (stores) => {
      const invite = await stores.invites.findByCode(code);
      const server = invite ? await stores.servers.findById(invite.serverId) : null;
      if (!server) return fail({ kind: 'InviteNotFound' });
      // Joining twice keeps the first membership and its join time, and tells nobody.
      const member = { serverId: server.id, userId: actor.userId, joinedAt: this.clock.now() };
      if ((await stores.members.add(member)) === 'added') {
        const user = await stores.users.findSummary(actor.userId);
        if (!user) return fail({ kind: 'InvalidToken' });
        await stores.events.append(memberJoined({ ...member, user }));
      }
      return ok(server);
    });
  }
}
