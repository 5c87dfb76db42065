import type { Actor } from '../../entities/session';
import type { ApplicationRepository } from '../../ports/application-repository';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { sessionRevoked } from '../../events/chat-event';
import { ok, type Outcome } from '../../result';
import { ownedApplication } from './owned-application';

/** Removes the application and revokes every token its bot holds. The bot's messages stay. */
export class DeleteApplication {
  static readonly errors = ['ApplicationNotFound', 'NotTheOwner'] as const;

  constructor(
    private readonly applications: ApplicationRepository,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(actor: Actor, id: string): Outcome<void, typeof DeleteApplication.errors> {
    const owned = await ownedApplication(this.applications, actor, id);
    if (!owned.ok) return owned;
    // Revoke first: if the delete then fails, a retry still finds the application to delete.
    const botUserId = owned.value.botUserId;
    await this.unitOfWork.run(async (stores) => {
      await stores.sessions.revokeAllForUser(botUserId);
      await stores.events.append(sessionRevoked(botUserId, null));
    });
    await this.applications.delete(owned.value.id);
    return ok(undefined);
  }
}
