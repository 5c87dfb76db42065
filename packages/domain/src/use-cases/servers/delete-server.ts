import { serverImageSlot } from '../../entities/attachment';
import type { Actor } from '../../entities/session';
import { serverDeleted } from '../../events/chat-event';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { ok, type Outcome } from '../../result';
import { serverOfOwner } from '../access';

/**
 * The owner deletes the server with its channels, messages, reactions, invites and bans, in one
 * transaction; its members' sockets get `server.deleted`, the server's last event. Its uploaded
 * avatar and banner are freed, for the sweep.
 */
export class DeleteServer {
  static readonly errors = ['ServerNotFound', 'NotAMember', 'NotTheOwner'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, serverId: string): Outcome<void, typeof DeleteServer.errors> {
    return this.unitOfWork.run(async (stores) => {
      const server = await serverOfOwner(stores, serverId, actor.userId, { held: true });
      if (!server.ok) return server;
      await stores.servers.delete(server.value.id);
      await stores.attachments.release([serverImageSlot(server.value.id, 'avatar'), serverImageSlot(server.value.id, 'banner')]);
      await stores.events.append(serverDeleted(server.value.id));
      return ok(undefined);
    });
  }
}
