import type { Actor } from '../../entities/session';
import type { ApplicationRepository } from '../../ports/application-repository';
import type { OpaqueTokens } from '../../ports/opaque-tokens';
import type { UserRepository } from '../../ports/user-repository';
import { ok, type Outcome } from '../../result';
import type { CreatedApplication } from './create-application';
import { ownedApplication } from './owned-application';

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
    return ok({ id: appId, name, clientId, clientSecret, bot: bot ?? { id: botUserId, username: '', displayName: null, avatar: null } });
  }
}
