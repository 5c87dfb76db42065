import type { Id } from '../ids';
import type { UserSummary } from './user';

export interface Member {
  readonly serverId: Id;
  readonly userId: Id;
  readonly joinedAt: Date;
}

export interface MemberView extends Member {
  readonly user: UserSummary;
  /** The roles assigned to them, by position (`@everyone`, which every member holds, not among them). */
  readonly roleIds: readonly Id[];
}
