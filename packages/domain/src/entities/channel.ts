import type { Id } from '../ids';

export interface Channel {
  readonly id: Id;
  readonly serverId: Id;
  readonly name: string;
  readonly createdAt: Date;
}

export const DEFAULT_CHANNEL_NAME = 'general';
