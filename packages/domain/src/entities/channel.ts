import type { Id } from '../ids';

export interface Channel {
  readonly id: Id;
  readonly serverId: Id;
  readonly name: string;
  readonly createdAt: Date;
}

export const DEFAULT_CHANNEL_NAME = 'general';

/** A channel in its one JSON form, the interface's. */
export const channelJson = (c: Channel) => ({ id: c.id, serverId: c.serverId, name: c.name, createdAt: c.createdAt.toISOString() });
