import type { ApplicationView, Application } from '../../entities/application';
import type { Actor } from '../../entities/session';
import { isId } from '../../ids';
import type { ApplicationRepository } from '../../ports/application-repository';
import type { OpaqueTokens } from '../../ports/opaque-tokens';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { sessionRevoked } from '../../events/chat-event';
import type { UserRepository } from '../../ports/user-repository';
import { fail, ok, type Outcome } from '../../result';
import { validationFailed } from '../../errors';
import { APPLICATION_PAGE_LIMIT, idPageOf, type PageInput } from '../../rules/message-rules';
import type { CreatedApplication } from './create-application';

async function ownedApplication(applications: ApplicationRepository, actor: Actor, id: string): Outcome<Application, readonly ['ApplicationNotFound', 'NotTheOwner']> {
  const application = isId(id) ? await applications.findById(id) : null;
  if (!application) return fail({ kind: 'ApplicationNotFound' });
  if (application.ownerId !== actor.userId) return fail({ kind: 'NotTheOwner' });
  return ok(application);
}

/** The caller's applications in id order, `limit` (1-100, default 100) after the id `after`. */
export class ListApplications {
  static readonly errors = ['ValidationFailed'] as const;

  constructor(private readonly applications: ApplicationRepository) {}

  async execute(actor: Actor, input: PageInput = {}): Outcome<ApplicationView[], typeof ListApplications.errors> {
    const page = idPageOf(input, APPLICATION_PAGE_LIMIT);
    if (Array.isArray(page)) return fail(validationFailed(page));
    return ok(await this.applications.listByOwner(actor.userId, page));
  }
}

/** A new secret; the old one stops working at once. Tokens already issued live on until revoked. */
export class RotateApplicationSecret {
  static readonly errors = ['ApplicationNotFound', 'NotTheOwner'] as const;

  constructor(
    private readonly applications: ApplicationRepository,
    private readonly users: UserRepository,
    private readonly secrets: OpaqueTokens,
  ) {}

  async execute(actor: Actor, id: string): Outcome<CreatedApplication, typeof RotateApplicationSecret.errors> {
    const owned = await ownedApplication(this.applications, actor, id);
    if (!owned.ok) return owned;
    const clientSecret = this.secrets.generate();
    await this.applications.updateSecretHash(owned.value.id, this.secrets.hash(clientSecret));
    const bot = await this.users.findSummary(owned.value.botUserId);
    const { id: appId, name, clientId, botUserId } = owned.value;
    return ok({ id: appId, name, clientId, clientSecret, bot: bot ?? { id: botUserId, username: '' } });
  }
}

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
