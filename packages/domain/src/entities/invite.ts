import type { Id } from '../ids';

export interface Invite {
  readonly code: string;
  readonly serverId: Id;
  readonly creatorId: Id;
  readonly createdAt: Date;
}
