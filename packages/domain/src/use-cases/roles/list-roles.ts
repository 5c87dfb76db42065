import type { Role } from '../../entities/role';
import type { Actor } from '../../entities/session';
import type { Stores } from '../../ports/stores';
import { ok, type Outcome } from '../../result';
import { serverOfMember } from '../access';

/** Any member reads the server's roles, `@everyone` (position 0) first, then up the hierarchy. */
export class ListRoles {
  static readonly errors = ['ServerNotFound', 'NotAMember'] as const;

  constructor(private readonly stores: Pick<Stores, 'servers' | 'members' | 'roles'>) {}

  async execute(actor: Actor, serverId: string): Outcome<Role[], typeof ListRoles.errors> {
    const server = await serverOfMember(this.stores.servers, this.stores.members, serverId, actor.userId);
    if (!server.ok) return server;
    return ok(await this.stores.roles.listByServer(server.value.id));
  }
}
