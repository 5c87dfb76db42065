import type { Channel } from '../entities/channel';
import type { UserSummary } from '../entities/user';
import type { Id } from '../ids';

export interface ChannelRepository {
  create(channel: Channel): Promise<void>;
  findById(id: Id): Promise<Channel | null>;
  /**
   * The channel and, if the user belongs to its server, who they are: one look-up for what every
   * message route asks (may they, and under which name do they post).
   */
  findWithMembership(id: Id, userId: Id): Promise<{ readonly channel: Channel; readonly member: UserSummary | null } | null>;
  /** Oldest first. */
  listByServer(serverId: Id): Promise<Channel[]>;
}
