import {
  compareIds,
  pairKey,
  summarizeUser,
  type Conversation,
  type ConversationChanges,
  type ConversationPage,
  type ConversationRepository,
  type ConversationView,
  type UserSummary,
} from '../src';
import type { MemoryState } from './memory-state';

export class InMemoryConversationRepository implements ConversationRepository {
  constructor(private readonly state: MemoryState) {}

  async create(conversation: Conversation): Promise<{ created: true } | { created: false; existingId: string }> {
    if (conversation.type === 'dm') {
      const [a, b] = conversation.recipientIds as [string, string];
      const existingId = this.state.dmPairs.get(pairKey(a, b));
      if (existingId !== undefined) return { created: false, existingId };
      this.state.dmPairs.set(pairKey(a, b), conversation.id);
    }
    this.state.conversations.set(conversation.id, { ...conversation, recipientIds: [...conversation.recipientIds] });
    this.state.recipientJoins.set(conversation.id, new Map(conversation.recipientIds.map((userId) => [userId, conversation.createdAt])));
    return { created: true };
  }

  async findDm(userA: string, userB: string): Promise<string | null> {
    return this.state.dmPairs.get(pairKey(userA, userB)) ?? null;
  }

  async findById(id: string): Promise<Conversation | null> {
    return this.state.conversations.get(id) ?? null;
  }

  async hold(id: string): Promise<Conversation | null> {
    return this.findById(id);
  }

  async view(id: string): Promise<ConversationView | null> {
    const conversation = this.state.conversations.get(id);
    return conversation ? this.toView(conversation) : null;
  }

  async listForUser(userId: string, page: ConversationPage): Promise<ConversationView[]> {
    const mine = [...this.state.conversations.values()].filter((c) => c.recipientIds.includes(userId)).map((c) => ({ c, key: this.activityOf(c) }));
    // Newest activity first, then the newest id.
    mine.sort((x, y) => compareIds(y.key, x.key) || compareIds(y.c.id, x.c.id));
    let start = 0;
    if (page.after !== undefined) {
      const at = mine.findIndex(({ c }) => c.id === page.after);
      if (at < 0) return [];
      start = at + 1;
    }
    return mine.slice(start, start + page.limit).map(({ c }) => this.toView(c));
  }

  async idsForUser(userId: string): Promise<string[]> {
    return [...this.state.conversations.values()].filter((c) => c.recipientIds.includes(userId)).map((c) => c.id);
  }

  async addRecipient(id: string, userId: string, at: Date, addedBy: string): Promise<void> {
    const conversation = this.state.conversations.get(id);
    if (!conversation || conversation.recipientIds.includes(userId)) return;
    this.state.conversations.set(id, { ...conversation, recipientIds: [...conversation.recipientIds, userId] });
    this.state.recipientJoins.get(id)?.set(userId, at);
    this.state.groupAdds.push({ addedBy, at });
  }

  async removeRecipient(id: string, userId: string): Promise<'removed' | 'absent'> {
    const conversation = this.state.conversations.get(id);
    if (!conversation?.recipientIds.includes(userId)) return 'absent';
    this.state.conversations.set(id, { ...conversation, recipientIds: conversation.recipientIds.filter((r) => r !== userId) });
    this.state.recipientJoins.get(id)?.delete(userId);
    return 'removed';
  }

  async delete(id: string): Promise<void> {
    this.state.conversations.delete(id);
    this.state.recipientJoins.delete(id);
    this.state.dropMessagesOf(id);
  }

  async update(id: string, changes: ConversationChanges): Promise<void> {
    const conversation = this.state.conversations.get(id);
    if (conversation) this.state.conversations.set(id, { ...conversation, ...changes });
  }

  async countStartedSince(userId: string, since: Date): Promise<number> {
    const opened = [...this.state.conversations.values()].filter((c) => c.creatorId === userId && c.createdAt.getTime() >= since.getTime()).length;
    return opened + this.state.groupAdds.filter((add) => add.addedBy === userId && add.at.getTime() >= since.getTime()).length;
  }

  /** Its newest message's id, or its own when it has none: both are times. */
  private activityOf(conversation: Conversation): string {
    return this.lastMessageId(conversation.id) ?? conversation.id;
  }

  private lastMessageId(id: string): string | null {
    const ids = this.state.channelMessages.get(id);
    return ids && ids.length > 0 ? (ids[ids.length - 1] as string) : null;
  }

  private toView(conversation: Conversation): ConversationView {
    const recipients = conversation.recipientIds.flatMap((id): UserSummary[] => {
      const user = this.state.users.get(id);
      return user ? [summarizeUser(user)] : [];
    });
    const { creatorId: _creator, recipientIds: _ids, ...fields } = conversation;
    return { ...fields, recipients, lastMessageId: this.lastMessageId(conversation.id) };
  }
}
