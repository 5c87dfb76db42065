import type { Ban, BanView } from '../entities/ban';
import type { Id } from '../ids';

export interface BanRepository {
  /** Bans the user (a second ban replaces the first's reason). */
  add(ban: Ban): Promise<void>;
  remove(serverId: Id, userId: Id): Promise<'removed' | 'absent'>;
  isBanned(serverId: Id, userId: Id): Promise<boolean>;
  /** The server's bans, oldest first. */
  list(serverId: Id): Promise<BanView[]>;
}
