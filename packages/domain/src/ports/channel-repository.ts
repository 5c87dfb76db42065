import type { Channel } from '../entities/channel';
import type { PermissionOverwrite } from '../entities/role';
import type { UserSummary } from '../entities/user';
import type { Id } from '../ids';
import type { IdPage } from '../rules/message-rules';

export interface ChannelRepository {
  create(channel: Channel): Promise<void>;
  findById(id: Id): Promise<Channel | null>;
  /**
   * The channel and, if the user belongs to its server, who they are: one look-up for what every
   * message route asks (may they, and under which name do they post).
   */
  findWithMembership(id: Id, userId: Id): Promise<{ readonly channel: Channel; readonly member: UserSummary | null } | null>;
  /** Oldest first. */
  /** The server's channels in id order (oldest first), a page at a time. */
  listByServer(serverId: Id, page: IdPage): Promise<Channel[]>;
  countByServer(serverId: Id): Promise<number>;
  /** The channel's permission overwrites (none for an unknown channel), in no particular order. */
  overwritesOf(channelId: Id): Promise<PermissionOverwrite[]>;
}
