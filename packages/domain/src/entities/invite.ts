import type { Id } from '../ids';

export interface Invite {
  readonly code: string;
  readonly serverId: Id;
  readonly creatorId: Id;
  readonly createdAt: Date;
  /** How many joins it allows in all; null: no limit. */
  readonly maxUses: number | null;
  /** How many joins it has let in. */
  readonly uses: number;
  /** When it stops working; null: never. */
  readonly expiresAt: Date | null;
}

/** The bounds and defaults of what an invite's creator chooses. */
export const INVITE_LIMITS = {
  maxUses: { min: 1, max: 1000 },
  expiresInSeconds: { min: 60, max: 30 * 24 * 3600, default: 7 * 24 * 3600 },
} as const;

/** Whether the invite still lets someone in at `now`: not expired, not used up. (A revoked one no longer exists.) */
export const inviteIsLive = (invite: Invite, now: Date): boolean =>
  (invite.expiresAt === null || invite.expiresAt.getTime() > now.getTime()) && (invite.maxUses === null || invite.uses < invite.maxUses);
