import { compareIds, summarizeUser, type Block, type BlockRepository, type IdPage, type UserSummary } from '../src';
import type { MemoryState } from './memory-state';

export class InMemoryBlockRepository implements BlockRepository {
  constructor(private readonly state: MemoryState) {}

  async block(block: Block): Promise<'blocked' | 'already'> {
    let blocked = this.state.blocks.get(block.userId);
    if (!blocked) this.state.blocks.set(block.userId, (blocked = new Map()));
    if (blocked.has(block.blockedId)) return 'already';
    blocked.set(block.blockedId, block);
    return 'blocked';
  }

  async unblock(userId: string, blockedId: string): Promise<'unblocked' | 'absent'> {
    return this.state.blocks.get(userId)?.delete(blockedId) ? 'unblocked' : 'absent';
  }

  async isBlocking(userId: string, blockedId: string): Promise<boolean> {
    return this.state.blocks.get(userId)?.has(blockedId) ?? false;
  }

  async count(userId: string): Promise<number> {
    return this.state.blocks.get(userId)?.size ?? 0;
  }

  async list(userId: string, { limit, after }: IdPage): Promise<UserSummary[]> {
    const ids = [...(this.state.blocks.get(userId)?.keys() ?? [])].filter((id) => after === undefined || compareIds(id, after) > 0).sort(compareIds);
    const summaries: UserSummary[] = [];
    for (const id of ids) {
      const user = this.state.users.get(id);
      if (user) summaries.push(summarizeUser(user));
    }
    return summaries.slice(0, limit);
  }

  async between(a: string, b: string): Promise<boolean> {
    return (await this.isBlocking(a, b)) || (await this.isBlocking(b, a));
  }
}
