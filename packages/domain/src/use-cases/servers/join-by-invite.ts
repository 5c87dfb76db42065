import { inviteIsLive } from '../../entities/invite';
import type { Server } from '../../entities/server';
import type { Actor } from '../../entities/session';
import { memberJoined } from '../../events/chat-event';
import type { Clock } from '../../ports/clock';
import type { PresenceRegistry } from '../../ports/presence-registry';
import type { SignalBus } from '../../ports/signal-bus';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { hideUnseen } from '../channel-sight';
import { announce, type PresenceFanOut } from '../presence/announce';

/** The shape of every code we hand out; anything else names no invite. */
export const INVITE_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Joins the server of a live invite. An expired, used-up or revoked invite, and any invite to a
 * server that banned the caller, is "no such invite": a banned user learns nothing from it. A member
 * of the server joins again with any of its invites not yet revoked, live or not: nothing happens. The
 * server is held against a concurrent ban, so a ban and a join at the same moment end banned. A
 * newcomer who is online (or idle, dnd) is announced to the server once they are in, so its members
 * see them as they are, as they see everyone else (but in a server too large to hear presence).
 */
export class JoinByInvite {
  static readonly errors = ['InviteNotFound', 'InvalidToken'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly presence: Pick<PresenceRegistry, 'present'>,
    private readonly signals: SignalBus,
    private readonly fanOut: PresenceFanOut,
  ) {}

  async execute(actor: Actor, code: string): Outcome<Server, typeof JoinByInvite.errors> {
    if (!INVITE_CODE.test(code)) return fail({ kind: 'InviteNotFound' });
    const outcome = await this.join(actor, code);
    if (!outcome.ok) return outcome;
    if (outcome.value.joined) await this.announceNewcomer(actor.userId, outcome.value.server.id);
    return ok(outcome.value.server);
  }

  /** After the join committed: best effort, as every presence is (the registry or the bus may be away; the join stands). */
  private async announceNewcomer(userId: string, serverId: string): Promise<void> {
    try {
      await announce(this.signals, this.fanOut, await this.presence.present([userId]), async () => [serverId]);
    } catch {
      // Members read presences with the member list (`?presence=true`) too.
    }
  }

  /** `joined`: this call made them a member (not one already). */
  private join(actor: Actor, code: string): Outcome<{ server: Server; joined: boolean }, typeof JoinByInvite.errors> {
    return this.unitOfWork.run(async (stores) => {
      const now = this.clock.now();
      const invite = await stores.invites.findByCode(code);
      const server = invite ? await stores.servers.hold(invite.serverId, 'join') : null;
      if (!invite || !server) return fail({ kind: 'InviteNotFound' });
      // Joining twice keeps the first membership and its join time, tells nobody, and uses nothing
      // up, even once the invite has run out: a retry after a lost answer is told it is in. A member
      // learns nothing from it, and is never banned (a ban removes the member).
      if (await stores.members.find(server.id, actor.userId)) return ok({ server, joined: false });
      if (!inviteIsLive(invite, now)) return fail({ kind: 'InviteNotFound' });
      // Read after the hold: a ban that committed while this join waited is seen here.
      if (await stores.bans.isBanned(server.id, actor.userId)) return fail({ kind: 'InviteNotFound' });
      const user = await stores.users.findSummary(actor.userId);
      if (!user) return fail({ kind: 'InvalidToken' });
      // Nothing is written before this point: a refusal above leaves the invite as it was.
      if (!(await stores.invites.redeem(code, now))) return fail({ kind: 'InviteNotFound' });
      const member = { serverId: server.id, userId: actor.userId, joinedAt: now };
      // A newcomer holds no role yet (one who left lost theirs with the membership).
      const joined = (await stores.members.add(member)) === 'added';
      if (joined) {
        // Kept out of the channels they cannot see before they are let in: not one event of those reaches them.
        await hideUnseen(stores, server, { userIds: [actor.userId] });
        await stores.events.append(memberJoined({ ...member, user, roleIds: [] }));
      }
      return ok({ server, joined });
    });
  }
}
