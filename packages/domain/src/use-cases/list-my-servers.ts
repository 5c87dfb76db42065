import type { Server } from '../entities/server';
import type { Actor } from '../entities/session';
import type { ServerRepository } from '../ports/server-repository';

export class ListMyServers {
  static readonly errors = [] as const;

  constructor(private readonly servers: ServerRepository) {}

  execute(actor: Actor): Promise<Server[]> {
    return this.servers.listForUser(actor.userId);
  }
}
