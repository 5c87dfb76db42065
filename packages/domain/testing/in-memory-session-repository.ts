import type { Session, SessionRepository } from '../src';
import type { MemoryState } from './memory-state';

export class InMemorySessionRepository implements SessionRepository {
  constructor(private readonly state: MemoryState) {}

  async create(session: Session): Promise<void> {
    this.state.sessions.set(session.id, session);
  }

  async find(id: string): Promise<Session | null> {
    return this.state.sessions.get(id) ?? null;
  }

  async listForUser(userId: string, now: Date): Promise<Session[]> {
    return [...this.state.sessions.values()]
      .filter((s) => s.userId === userId && s.expiresAt.getTime() > now.getTime())
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
  }

  async revoke(id: string): Promise<void> {
    this.state.sessions.delete(id);
  }

  async revokeOwn(userId: string, id: string): Promise<'revoked' | 'absent'> {
    if (this.state.sessions.get(id)?.userId !== userId) return 'absent';
    this.state.sessions.delete(id);
    return 'revoked';
  }

  async revokeAllForUser(userId: string, exceptId?: string): Promise<number> {
    let count = 0;
    for (const [id, session] of this.state.sessions) {
      if (session.userId === userId && id !== exceptId) {
        this.state.sessions.delete(id);
        count += 1;
      }
    }
    return count;
  }

  async extend(id: string, expiresAt: Date): Promise<void> {
    const session = this.state.sessions.get(id);
    if (session) this.state.sessions.set(id, { ...session, expiresAt });
  }

  async touch(id: string, at: Date): Promise<void> {
    const session = this.state.sessions.get(id);
    if (session && at.getTime() > session.lastUsedAt.getTime()) this.state.sessions.set(id, { ...session, lastUsedAt: at });
  }

  async sweepExpired(now: Date, limit: number): Promise<number> {
    let count = 0;
    for (const [id, session] of this.state.sessions) {
      if (count >= limit) break;
      if (session.expiresAt.getTime() <= now.getTime()) {
        this.state.sessions.delete(id);
        count += 1;
      }
    }
    return count;
  }
}
