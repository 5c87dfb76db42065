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

  async revoke(id: string): Promise<void> {
    this.state.sessions.delete(id);
  }

  async revokeAllForUser(userId: string): Promise<void> {
    for (const [id, session] of this.state.sessions) if (session.userId === userId) this.state.sessions.delete(id);
  }
}
