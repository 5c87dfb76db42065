import type { Application, ApplicationView, RefreshToken } from '../entities/application';
import type { Id } from '../ids';
import type { IdPage } from '../rules/message-rules';

export interface ApplicationRepository {
  create(application: Application): Promise<void>;
  findById(id: Id): Promise<Application | null>;
  findByClientId(clientId: string): Promise<Application | null>;
  /** Oldest first. */
  /** The owner's applications in id order, a page at a time. */
  listByOwner(ownerId: Id, page: IdPage): Promise<ApplicationView[]>;
  countByOwner(ownerId: Id): Promise<number>;
  updateSecretHash(id: Id, clientSecretHash: string): Promise<void>;
  /** Removes the application and its refresh tokens. */
  delete(id: Id): Promise<void>;
}

export type UseRefreshTokenOutcome = 'used' | 'AlreadyUsed' | 'NotFound';

export interface RefreshTokenRepository {
  /** `Revoked`: its family (session) or its application went away meanwhile, e.g. a racing reuse or delete. */
  create(token: RefreshToken): Promise<'created' | 'Revoked'>;
  findByHash(tokenHash: string): Promise<RefreshToken | null>;
  /** Marks the token spent, once: of two concurrent uses exactly one gets 'used'. */
  use(tokenHash: string, at: Date): Promise<UseRefreshTokenOutcome>;
  revokeFamily(familyId: Id): Promise<void>;
  /** Deletes up to `limit` refresh tokens expired at `now` (spent or not); answers how many. */
  sweepExpired(now: Date, limit: number): Promise<number>;
}
