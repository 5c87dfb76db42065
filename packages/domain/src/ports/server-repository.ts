import type { Channel } from '../entities/channel';
import type { Member } from '../entities/member';
import type { Role } from '../entities/role';
import type { Server } from '../entities/server';
import type { Id } from '../ids';
import type { IdPage } from '../rules/message-rules';

export interface NewServer {
  readonly server: Server;
  readonly defaultChannel: Channel;
  readonly owner: Member;
  /** Its `@everyone` role (id: the server's id, position 0). */
  readonly everyone: Role;
}

export interface ServerRepository {
  /** All four rows or none: a failure half-way leaves nothing behind. */
  create(newServer: NewServer): Promise<void>;
  findById(id: Id): Promise<Server | null>;
  /** The user's servers in id order, a page at a time. */
  listForUser(userId: Id, page: IdPage): Promise<Server[]>;
  countOwnedBy(userId: Id): Promise<number>;
  /** Changes the given fields (the others stay); answers the server as it is now, or null if unknown. */
  update(id: Id, changes: ServerChanges): Promise<Server | null>;
  /**
   * Reads the server and orders the rest of this unit of work against concurrent changes of who
   * belongs to it or owns it, until the unit ends. `change` (a ban, kick, leave, transfer or
   * deletion, or a creation counted against one of the server's quotas) waits for and excludes
   * every other holder; `join` excludes only changes, so joins do
   * not wait for each other. What this unit reads after `hold` returns is at least as new as the
   * last change that finished before it: a join that waited for a ban sees the ban.
   */
  hold(id: Id, purpose: 'join' | 'change'): Promise<Server | null>;
  setOwner(id: Id, ownerId: Id): Promise<Server | null>;
  /** Deletes the server with everything in it: channels, messages, reactions, members, invites, bans. */
  delete(id: Id): Promise<void>;
}

/** What the owner may change about a server. */
export interface ServerChanges {
  readonly name?: string;
  readonly avatar?: string | null;
  readonly banner?: string | null;
  /** Whether members other than the owner may create invites. */
  readonly membersCanInvite?: boolean;
  /** A channel of the server (the caller checks): the one that cannot be deleted. */
  readonly defaultChannelId?: Id;
}
