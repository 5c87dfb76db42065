import { inviteIsLive } from '../../entities/invite';
import type { Server } from '../../entities/server';
import type { Actor } from '../../entities/session';
import type { Clock } from '../../ports/clock';
import type { Stores } from '../../ports/stores';
import { fail, ok, type Outcome } from '../../result';
import { INVITE_CODE } from './join-by-invite';

/** Where an invite leads, shown before joining. */
export interface InvitePreview {
  readonly code: string;
  readonly server: Pick<Server, 'id' | 'name' | 'avatar'> & { readonly memberCount: number };
  readonly expiresAt: Date | null;
}

/**
 * Looks at a live invite without joining: anyone may, signed in or not. What a join would refuse as
 * "no such invite" (expired, used up, revoked, or the caller banned from its server) is refused the
 * same way here, so the preview tells nobody more than a join would.
 */
export class PreviewInvite {
  static readonly errors = ['InviteNotFound'] as const;

  constructor(
    private readonly stores: Pick<Stores, 'servers' | 'members' | 'invites' | 'bans'>,
    private readonly clock: Clock,
  ) {}

  async execute(viewer: Actor | undefined, code: string): Outcome<InvitePreview, typeof PreviewInvite.errors> {
    if (!INVITE_CODE.test(code)) return fail({ kind: 'InviteNotFound' });
    const { servers, members, invites, bans } = this.stores;
    const invite = await invites.findByCode(code);
    const server = invite && inviteIsLive(invite, this.clock.now()) ? await servers.findById(invite.serverId) : null;
    if (!invite || !server) return fail({ kind: 'InviteNotFound' });
    if (viewer && (await bans.isBanned(server.id, viewer.userId))) return fail({ kind: 'InviteNotFound' });
    const memberCount = await members.countByServer(server.id);
    return ok({ code, server: { id: server.id, name: server.name, avatar: server.avatar, memberCount }, expiresAt: invite.expiresAt });
  }
}
