import type { TokenPair } from '../../entities/application';
import { sessionRevoked } from '../../events/chat-event';
import { fail, ok, type Outcome } from '../../result';
import { type ClientCredentials, type GrantPorts, authenticateClient, issuePair } from './oauth-grants';

/**
 * `grant_type=refresh_token`: spends the refresh token for a new pair in the same family. A token
 * spent twice means it leaked: the whole family is revoked (the OAuth 2.1 reuse rule).
 */
export class RefreshTokenGrant {
  static readonly errors = ['InvalidClient', 'InvalidGrant'] as const;

  constructor(private readonly ports: GrantPorts) {}

  async execute(credentials: ClientCredentials, refreshToken: string): Outcome<TokenPair, typeof RefreshTokenGrant.errors> {
    const application = await authenticateClient(this.ports, credentials);
    if (!application.ok) return application;
    const tokenHash = this.ports.opaque.hash(refreshToken);
    const stored = await this.ports.refreshTokens.findByHash(tokenHash);
    const now = this.ports.clock.now();
    if (!stored || stored.applicationId !== application.value.id || stored.expiresAt <= now) return fail({ kind: 'InvalidGrant' });

    const outcome = await this.ports.refreshTokens.use(tokenHash, now);
    if (outcome === 'AlreadyUsed') {
      await this.ports.unitOfWork.run(async (stores) => {
        await stores.refreshTokens.revokeFamily(stored.familyId);
        await stores.sessions.revoke(stored.familyId);
        await stores.events.append(sessionRevoked(stored.userId, stored.familyId));
      });
      return fail({ kind: 'InvalidGrant' });
    }
    if (outcome === 'NotFound' || !(await this.ports.sessions.find(stored.familyId))) return fail({ kind: 'InvalidGrant' });
    const pair = await issuePair(this.ports, application.value, stored.familyId);
    return pair ? ok(pair) : fail({ kind: 'InvalidGrant' });
  }
}
