import type { Channel } from '../entities/channel';
import type { PermissionOverwrite } from '../entities/role';
import type { UserSummary } from '../entities/user';
import type { Id } from '../ids';
import type { ChannelChanges } from '../rules/channel-rules';
import type { IdPage } from '../rules/message-rules';

/**
 * Channels with their permission overwrites. The overwrites live here, not in a port of their own:
 * a channel is never read without them (every permission check in it needs them, and every channel
 * JSON shows them), and they go when the channel goes.
 */
export interface ChannelRepository {
  /** Stores the channel with its overwrites. */
  create(channel: Channel): Promise<void>;
  findById(id: Id): Promise<Channel | null>;
  /**
   * The channel and, if the user belongs to its server, who they are: one look-up for what every
   * message route asks (may they, and under which name do they post).
   */
  findWithMembership(id: Id, userId: Id): Promise<{ readonly channel: Channel; readonly member: UserSummary | null } | null>;
  /**
   * The server's channels by position, then id, a page at a time: `after` names the channel the
   * previous page ended with (a channel no longer in the server ends the list).
   */
  listByServer(serverId: Id, page: IdPage): Promise<Channel[]>;
  countByServer(serverId: Id): Promise<number>;
  /** The channel's permission overwrites (none for an unknown channel), in no particular order. */
  overwritesOf(channelId: Id): Promise<PermissionOverwrite[]>;
  /** Changes the given fields; answers the channel as it is now, or null if unknown. */
  update(id: Id, changes: ChannelChanges): Promise<Channel | null>;
  /** Deletes the channel with its messages, their reactions and its overwrites. */
  delete(id: Id): Promise<'deleted' | 'absent'>;
  /** Sets (adds or replaces) the overwrite of one role or member in the channel. */
  setOverwrite(channelId: Id, overwrite: PermissionOverwrite): Promise<void>;
  removeOverwrite(channelId: Id, targetId: Id): Promise<'removed' | 'absent'>;
}
