import {
  compareIds,
  type Application,
  type ApplicationRepository,
  type ApplicationView,
  type RefreshToken,
  type RefreshTokenRepository,
  type UseRefreshTokenOutcome,
  type IdPage,
} from '../src';
import { summaryOrBlank, type MemoryState } from './memory-state';

export class InMemoryApplicationRepository implements ApplicationRepository {
  constructor(private readonly state: MemoryState) {}

  async create(application: Application): Promise<void> {
    this.state.applications.set(application.id, application);
  }

  async findById(id: string): Promise<Application | null> {
    return this.state.applications.get(id) ?? null;
  }

  async findByClientId(clientId: string): Promise<Application | null> {
    return [...this.state.applications.values()].find((a) => a.clientId === clientId) ?? null;
  }

  async countByOwner(ownerId: string): Promise<number> {
    return [...this.state.applications.values()].filter((a) => a.ownerId === ownerId).length;
  }

  async listByOwner(ownerId: string, page: IdPage): Promise<ApplicationView[]> {
    return [...this.state.applications.values()]
      .filter((a) => a.ownerId === ownerId && (page.after === undefined || compareIds(a.id, page.after) > 0))
      .sort((a, b) => compareIds(a.id, b.id))
      .slice(0, page.limit)
      .map((a) => ({ id: a.id, name: a.name, clientId: a.clientId, bot: summaryOrBlank(this.state.users.get(a.botUserId), a.botUserId) }));
  }

  async updateSecretHash(id: string, clientSecretHash: string): Promise<void> {
    const application = this.state.applications.get(id);
    if (application) this.state.applications.set(id, { ...application, clientSecretHash });
  }

  async delete(id: string): Promise<void> {
    this.state.applications.delete(id);
    for (const [hash, entry] of this.state.refreshTokens) if (entry.token.applicationId === id) this.state.refreshTokens.delete(hash);
  }
}

export class InMemoryRefreshTokenRepository implements RefreshTokenRepository {
  constructor(private readonly state: MemoryState) {}

  async create(token: RefreshToken): Promise<'created' | 'Revoked'> {
    if (!this.state.sessions.has(token.familyId) || !this.state.applications.has(token.applicationId)) return 'Revoked';
    this.state.refreshTokens.set(token.tokenHash, { token, used: false });
    return 'created';
  }

  async findByHash(tokenHash: string): Promise<RefreshToken | null> {
    return this.state.refreshTokens.get(tokenHash)?.token ?? null;
  }

  async use(tokenHash: string): Promise<UseRefreshTokenOutcome> {
    const entry = this.state.refreshTokens.get(tokenHash);
    if (!entry) return 'NotFound';
    if (entry.used) return 'AlreadyUsed';
    entry.used = true;
    return 'used';
  }

  async revokeFamily(familyId: string): Promise<void> {
    for (const [hash, entry] of this.state.refreshTokens) if (entry.token.familyId === familyId) this.state.refreshTokens.delete(hash);
  }

  async sweepExpired(now: Date, limit: number): Promise<number> {
    let count = 0;
    for (const [hash, entry] of this.state.refreshTokens) {
      if (count >= limit) break;
      if (entry.token.expiresAt.getTime() <= now.getTime()) {
        this.state.refreshTokens.delete(hash);
        count += 1;
      }
    }
    return count;
  }
}
