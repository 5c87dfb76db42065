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
  /** Changes the given fields (the others stay); answers the server as it is now, or null if unknown. */
  update(id: Id, changes: ServerChanges): Promise<Server | null>;
}

/** What the owner may change about a server. */
export interface ServerChanges {
  readonly name?: string;
  readonly avatar?: string | null;
  readonly banner?: string | null;
}
