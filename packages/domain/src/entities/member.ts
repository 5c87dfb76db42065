import type { Id } from '../ids';
import type { UserSummary } from './user';

export interface Member {
  readonly serverId: Id;
  readonly userId: Id;
  readonly joinedAt: Date;
}

export interface MemberView extends Member {
  readonly user: UserSummary;
}

/** A member in its one JSON form, the interface's. */
export const memberJson = (m: MemberView) => ({
  userId: m.userId,
  serverId: m.serverId,
  joinedAt: m.joinedAt.toISOString(),
  user: { id: m.user.id, username: m.user.username },
});
