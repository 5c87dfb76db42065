import type { Id } from '../ids';

export interface Server {
  readonly id: Id;
  readonly name: string;
  readonly avatar: string | null;
  readonly banner: string | null;
  /** Set by an operator, never by a client. */
  readonly verified: boolean;
  readonly defaultChannelId: Id;
  readonly ownerId: Id;
  readonly createdAt: Date;
  /** Whether members other than the owner may create invites (bots never may). */
  readonly membersCanInvite: boolean;
}
