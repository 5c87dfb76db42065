import type { Ban, BanRecord } from '../entities/ban';
import type { Id } from '../ids';

export interface BanPage {
  readonly limit: number;
  /** Continue after this ban, in ban order. */
  readonly after?: Ban;
}

export interface BanRepository {
  /** Bans the user (a second ban replaces the first's reason; the rest of the first stays). */
  add(ban: Ban): Promise<void>;
  remove(serverId: Id, userId: Id): Promise<'removed' | 'absent'>;
  find(serverId: Id, userId: Id): Promise<Ban | null>;
  isBanned(serverId: Id, userId: Id): Promise<boolean>;
  /** How many users the server bans. */
  count(serverId: Id): Promise<number>;
  /** The server's bans, oldest first (then by user id), with whether each user shares a server with `viewerId`. */
  list(serverId: Id, page: BanPage, viewerId: Id): Promise<BanRecord[]>;
}
