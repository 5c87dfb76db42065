import type { Channel } from '../entities/channel';
import type { Member } from '../entities/member';
import type { Server } from '../entities/server';
import type { Id } from '../ids';

export interface NewServer {
  readonly server: Server;
  readonly defaultChannel: Channel;
  readonly owner: Member;
}

export interface ServerRepository {
  /** All three rows or none: a failure half-way leaves nothing behind. */
  create(newServer: NewServer): Promise<void>;
  findById(id: Id): Promise<Server | null>;
  listForUser(userId: Id): Promise<Server[]>;
}
