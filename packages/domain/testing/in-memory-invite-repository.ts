import { inviteIsLive, type Invite, type InviteRepository } from '../src';
import type { MemoryState } from './memory-state';

export class InMemoryInviteRepository implements InviteRepository {
  constructor(private readonly state: MemoryState) {}

  async create(invite: Invite): Promise<void> {
    this.state.invites.set(invite.code, invite);
  }

  async findByCode(code: string): Promise<Invite | null> {
    return this.state.invites.get(code) ?? null;
  }

  async redeem(code: string, now: Date): Promise<boolean> {
    const invite = this.state.invites.get(code);
    if (!invite || !inviteIsLive(invite, now)) return false;
    this.state.invites.set(code, { ...invite, uses: invite.uses + 1 });
    return true;
  }

  async countLive(serverId: string, now: Date): Promise<number> {
    return (await this.listLive(serverId, now)).length;
  }

  async listLive(serverId: string, now: Date, creatorId?: string): Promise<Invite[]> {
    return [...this.state.invites.values()]
      .filter((i) => i.serverId === serverId && inviteIsLive(i, now) && (creatorId === undefined || i.creatorId === creatorId))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.code < b.code ? -1 : 1));
  }

  async delete(code: string): Promise<'deleted' | 'absent'> {
    return this.state.invites.delete(code) ? 'deleted' : 'absent';
  }
}
