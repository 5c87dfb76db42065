import type { Invite, InviteRepository } from '../src';
import type { MemoryState } from './memory-state';

export class InMemoryInviteRepository implements InviteRepository {
  constructor(private readonly state: MemoryState) {}

  async create(invite: Invite): Promise<void> {
    this.state.invites.set(invite.code, invite);
  }

  async findByCode(code: string): Promise<Invite | null> {
    return this.state.invites.get(code) ?? null;
  }
}
