import type { Server } from '../../entities/server';
import type { Actor } from '../../entities/session';
import { validationFailed, type Issue } from '../../errors';
import { roleUpdated, serverUpdated } from '../../events/chat-event';
import { everyoneRoleId } from '../../entities/role';
import type { ServerChanges } from '../../ports/server-repository';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { imageReferenceIssues } from '../../rules/image-rules';
import { serverNameIssues } from '../../rules/name-rules';
import { serverOfOwner } from '../access';

/** The owner renames a server, sets its avatar and banner or who may invite; its members get `server.updated`. */
export class UpdateServer {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember', 'NotTheOwner'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, serverId: string, changes: ServerChanges): Outcome<Server, typeof UpdateServer.errors> {
    const issues: Issue[] = [
      ...(changes.name !== undefined ? serverNameIssues(changes.name) : []),
      ...(changes.avatar !== undefined ? imageReferenceIssues(changes.avatar, 'avatar') : []),
      ...(changes.banner !== undefined ? imageReferenceIssues(changes.banner, 'banner') : []),
    ];
    if (changes.membersCanInvite !== undefined && typeof changes.membersCanInvite !== 'boolean') issues.push({ path: 'membersCanInvite', message: 'must be a boolean' });
    if (Object.values(changes).every((value) => value === undefined)) {
      issues.push({ path: '', message: 'must change at least one of name, avatar, banner, membersCanInvite' });
    }
    if (issues.length > 0) return fail(validationFailed(issues));
    return this.unitOfWork.run(async (stores) => {
      // Held as a change: a transfer that commits first leaves the old owner reading who owns it now.
      const server = await serverOfOwner(stores, serverId, actor.userId, { held: true });
      if (!server.ok) return server;
      const name = changes.name?.trim();
      const updated = await stores.servers.update(server.value.id, { ...changes, ...(name !== undefined ? { name } : {}) });
      if (!updated) return fail({ kind: 'ServerNotFound' });
      await stores.events.append(serverUpdated(updated));
      // The flag is @everyone's CREATE_INVITE: a client that keeps roles hears of it too.
      if (updated.membersCanInvite !== server.value.membersCanInvite) {
        const everyone = await stores.roles.find(updated.id, everyoneRoleId(updated.id));
        if (everyone) await stores.events.append(roleUpdated(everyone));
      }
      return ok(updated);
    });
  }
}
