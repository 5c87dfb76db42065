import type { Invite } from '../entities/invite';
import type { Id } from '../ids';

export interface InviteRepository {
  create(invite: Invite): Promise<void>;
  /** The invite, live or not (expired, used up); null once revoked or never made. */
  findByCode(code: string): Promise<Invite | null>;
  /**
   * Counts one join against the invite if it is live at `now`, as one atomic step: two joiners
   * racing for an invite's last use cannot both have it. False: it is not (any longer) live.
   */
  redeem(code: string, now: Date): Promise<boolean>;
  /** The server's invites that are live at `now`, oldest first; only `creatorId`'s if given. */
  listLive(serverId: Id, now: Date, creatorId?: Id): Promise<Invite[]>;
  countLive(serverId: Id, now: Date): Promise<number>;
  /** Revokes the invite: it no longer exists. */
  delete(code: string): Promise<'deleted' | 'absent'>;
}
