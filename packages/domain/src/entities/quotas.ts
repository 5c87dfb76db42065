/** How much one user may own: checked before each creation (see `QuotaExceeded`). */
export interface Quotas {
  /** Servers a user owns. */
  readonly serversOwned: number;
  /** Channels in one server. */
  readonly channelsPerServer: number;
  /** Live invites (not expired, not used up) of one server. */
  readonly invitesPerServer: number;
  /** Bot applications a user owns. */
  readonly applications: number;
  /** Users one server bans. */
  readonly bansPerServer: number;
  /** Roles in one server, `@everyone` not counted. */
  readonly rolesPerServer: number;
  /** Direct conversations one user opens in 24 hours (reopening one of theirs does not count). */
  readonly conversationsPerDay: number;
  /** Users one user blocks. */
  readonly blocks: number;
  /** Bytes one user uploads in 24 hours (of files still stored: a swept upload no longer counts). */
  readonly uploadBytesPerDay: number;
}

export const DEFAULT_QUOTAS: Quotas = { serversOwned: 100, channelsPerServer: 500, invitesPerServer: 1000, applications: 25, bansPerServer: 10_000, rolesPerServer: 250, conversationsPerDay: 50, blocks: 1000, uploadBytesPerDay: 1024 * 1024 * 1024 };

export type QuotaName = keyof Quotas;
