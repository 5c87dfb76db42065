import type { Id } from '../ids';
import type { UserSummary } from './user';

/** A user the server's owner keeps out: removed, and refused at every invite until the ban is lifted. */
export interface Ban {
  readonly serverId: Id;
  readonly userId: Id;
  readonly reason: string | null;
  readonly createdAt: Date;
}

/** A ban as the owner's list shows it: with who was banned. */
export interface BanView extends Ban {
  readonly user: UserSummary;
}

export const BAN_REASON_MAX = 512;
