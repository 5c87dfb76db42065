import { REFRESH_TOKEN_TTL_SECONDS, type Application, type TokenPair } from '../../entities/application';
import type { ApplicationRepository, RefreshTokenRepository } from '../../ports/application-repository';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { OpaqueTokens } from '../../ports/opaque-tokens';
import type { SessionRepository } from '../../ports/session-repository';
import type { TokenService } from '../../ports/token-service';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { sessionRevoked } from '../../events/chat-event';
import { isId } from '../../ids';
import { fail, ok, type Outcome } from '../../result';
import { newSession } from '../accounts/register';

export interface ClientCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

export interface GrantPorts {
  readonly applications: ApplicationRepository;
  readonly refreshTokens: RefreshTokenRepository;
  readonly sessions: SessionRepository;
  readonly tokens: TokenService;
  readonly opaque: OpaqueTokens;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly unitOfWork: UnitOfWork;
  /** How long an access token lives (`ACCESS_TOKEN_TTL_SECONDS` unless the deployment says otherwise). */
  readonly accessTokenTtlSeconds: number;
}

async function authenticateClient(ports: GrantPorts, { clientId, clientSecret }: ClientCredentials): Outcome<Application, readonly ['InvalidClient']> {
  const application = isId(clientId) ? await ports.applications.findByClientId(clientId) : null;
  // Unknown client and wrong secret look alike; the comparison is constant-time.
  if (!application || !ports.opaque.matches(clientSecret, application.clientSecretHash)) return fail({ kind: 'InvalidClient' });
  return ok(application);
}

/** A new pair in the family; null when the family or the application was revoked meanwhile. */
async function issuePair(ports: GrantPorts, application: Application, familyId: string): Promise<TokenPair | null> {
  const now = ports.clock.now();
  const refreshToken = ports.opaque.generate();
  const stored = await ports.refreshTokens.create({
    tokenHash: ports.opaque.hash(refreshToken),
    familyId,
    applicationId: application.id,
    userId: application.botUserId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  if (stored === 'Revoked') return null;
  // The family lives as long as its newest refresh token.
  await ports.sessions.extend(familyId, new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000));
  const accessToken = await ports.tokens.issue({ userId: application.botUserId, sessionId: familyId, botOwnerId: application.ownerId }, ports.accessTokenTtlSeconds);
  return { accessToken, expiresIn: ports.accessTokenTtlSeconds, refreshToken };
}

/** `grant_type=client_credentials`: a new token family (a session of the bot) and its first pair. */
export class ClientCredentialsGrant {
  static readonly errors = ['InvalidClient'] as const;

  constructor(private readonly ports: GrantPorts) {}

  async execute(credentials: ClientCredentials): Outcome<TokenPair, typeof ClientCredentialsGrant.errors> {
    const application = await authenticateClient(this.ports, credentials);
    if (!application.ok) return application;
    const session = newSession(this.ports.ids.next(), application.value.botUserId, this.ports.clock.now(), REFRESH_TOKEN_TTL_SECONDS);
    await this.ports.sessions.create(session);
    const pair = await issuePair(this.ports, application.value, session.id);
    return pair ? ok(pair) : fail({ kind: 'InvalidClient' });
  }
}

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
