import { REFRESH_TOKEN_TTL_SECONDS, type Application, type TokenPair } from '../../entities/application';
import type { ApplicationRepository, RefreshTokenRepository } from '../../ports/application-repository';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { OpaqueTokens } from '../../ports/opaque-tokens';
import type { SessionRepository } from '../../ports/session-repository';
import type { TokenService } from '../../ports/token-service';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { isId } from '../../ids';
import { fail, ok, type Outcome } from '../../result';

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

export async function authenticateClient(ports: GrantPorts, { clientId, clientSecret }: ClientCredentials): Outcome<Application, readonly ['InvalidClient']> {
  const application = isId(clientId) ? await ports.applications.findByClientId(clientId) : null;
  // Unknown client and wrong secret look alike; the comparison is constant-time.
  if (!application || !ports.opaque.matches(clientSecret, application.clientSecretHash)) return fail({ kind: 'InvalidClient' });
  return ok(application);
}

/** A new pair in the family; null when the family or the application was revoked meanwhile. */
export async function issuePair(ports: GrantPorts, application: Application, familyId: string): Promise<TokenPair | null> {
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
