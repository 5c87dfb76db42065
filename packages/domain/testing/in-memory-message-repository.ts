import { messageJson } from '@chat/contract';
import {
  messageCreated,
  messageAttachmentOf,
  ATTACHMENTS_UNAVAILABLE,
  ATTACH_NEEDS,
  bitsOf,
  bitOf,
  has,
  keptMentions,
  previewOf,
  sentView,
  withRepliedAuthor,
  type ReplyPreview,
  type PinOutcome,
  compareIds,
  type MentionPlace,
  type MessageMentions,
  type SendOutcome,
  READ_NEEDS,
  SEND_NEEDS,
  summarizeUser,
  type AroundCursor,
  type Conversation,
  CONVERSATION_PERMISSIONS,
  type Permission,
  type Actor,
  type AddReactionOutcome,
  type ReactionCaps,
  type Gated,
  type RenderedPage,
  type Message,
  type MessageCursor,
  type MessageRepository,
  type MessageView,
  type Reaction,
  type ReactionState,
  type ReactionSummary,
  type UserSummary,
} from '../src';
import { summaryOrBlank, type MemoryState } from './memory-state';
import { lowerBound } from './sorted-ids';


export class InMemoryMessageRepository implements MessageRepository {
  constructor(private readonly state: MemoryState) {}

  async create(message: Message): Promise<void> {
    this.state.messages.set(message.id, message);
    let ids = this.state.channelMessages.get(message.channelId);
    if (!ids) this.state.channelMessages.set(message.channelId, (ids = []));
    ids.splice(lowerBound(ids, message.id, false), 0, message.id);
  }

  async findById(id: string): Promise<Message | null> {
    return this.state.messages.get(id) ?? null;
  }

  async findInChannel(channelId: string, messageId: string): Promise<Message | null> {
    const message = this.state.messages.get(messageId);
    return message?.channelId === channelId ? message : null;
  }

  async view(id: string, viewerId: string): Promise<MessageView | null> {
    const message = this.state.messages.get(id);
    return message ? this.toView(message, viewerId) : null;
  }

  private page(channelId: string, { before, after, limit }: MessageCursor): string[] {
    const ids = this.state.channelMessages.get(channelId) ?? [];
    const start = after === undefined ? 0 : lowerBound(ids, after, true);
    const end = before === undefined ? ids.length : lowerBound(ids, before, false);
    if (start >= end) return [];
    return after === undefined ? ids.slice(Math.max(start, end - limit), end) : ids.slice(start, Math.min(end, start + limit));
  }

  /** The message `around` and its neighbours, the older first in turn, as `pageAroundJsonAs` says; null if the channel has no such message. */
  private pageAround(channelId: string, { around, limit }: AroundCursor): string[] | null {
    const ids = this.state.channelMessages.get(channelId) ?? [];
    const at = lowerBound(ids, around, false);
    if (ids[at] !== around) return null;
    const newerThere = ids.length - at - 1;
    const older = Math.min(at, Math.max(Math.ceil((limit - 1) / 2), limit - 1 - newerThere));
    const newer = Math.min(newerThere, limit - 1 - older);
    return ids.slice(at - older, at + 1 + newer);
  }

  /** The messages as the wire's JSON array, from the viewer's side. */
  render(ids: readonly string[], viewerId: string): RenderedPage {
    return JSON.stringify(ids.map((id) => messageJson(this.toView(this.state.messages.get(id) as Message, viewerId)))) as RenderedPage;
  }

  async pageJsonAs(actor: Actor, channelId: string, cursor: MessageCursor): Promise<Gated<RenderedPage>> {
    const gate = this.gate(actor, channelId, READ_NEEDS);
    if (!gate.ok) return gate;
    return { ok: true, value: this.render(this.page(channelId, cursor), actor.userId) };
  }

  async pageAroundJsonAs(actor: Actor, channelId: string, cursor: AroundCursor): Promise<Gated<RenderedPage | null>> {
    const gate = this.gate(actor, channelId, READ_NEEDS);
    if (!gate.ok) return gate;
    const ids = this.pageAround(channelId, cursor);
    return { ok: true, value: ids === null ? null : this.render(ids, actor.userId) };
  }

  async createAs(
    actor: Actor,
    message: Omit<Message, 'authorId'>,
    nonce: string | null,
    attachmentIds: readonly string[] = [],
    mentionAuthor = true,
  ): Promise<Gated<SendOutcome>> {
    const gate = this.gate(actor, message.channelId, attachmentIds.length > 0 ? ATTACH_NEEDS : SEND_NEEDS);
    if (!gate.ok) return gate;
    // The reply first: a reply to no message of this channel claims no file.
    const answered = message.replyTo === null ? undefined : this.state.messages.get(message.replyTo);
    if (message.replyTo !== null && answered?.channelId !== message.channelId) return { ok: true, value: 'ReplyTargetMissing' };
    // All or none, as the statement's claim: each the sender's, and never on a message (a deleted one's included).
    const files = attachmentIds.map((id) => this.state.attachments.get(id));
    if (!files.every((file) => file !== undefined && file.uploaderId === actor.userId && file.messageId === null && file.usedAs === null)) return { ok: true, value: ATTACHMENTS_UNAVAILABLE };
    const attachments = files.flatMap((file) => (file ? [messageAttachmentOf(file)] : []));
    for (const file of files) if (file) this.state.attachments.set(file.id, { ...file, messageId: message.id, attachedAt: message.createdAt });
    const asked = answered && mentionAuthor ? withRepliedAuthor(message, answered.authorId, actor.userId) : message;
    const kept = { ...keptMentions(asked, this.mentionPlace(message.channelId, actor.userId)), attachments };
    await this.create({ ...message, ...kept, authorId: actor.userId });
    // Sending marks the channel read up to the message sent, as the SQL statement does in the same statement.
    this.state.markRead(actor.userId, message.channelId, message.id);
    // A conversation's message belongs to no server.
    const serverId = this.state.channels.get(message.channelId)?.serverId ?? null;
    const receipt = { ...kept, replyTo: this.replyPreview(message.replyTo), author: gate.value };
    this.state.events.push(messageCreated(serverId, sentView(message, receipt), nonce));
    return { ok: true, value: receipt };
  }

  /** The message a reply answers as a reader sees it now: its author and the start of its content, or, deleted since, its id alone. */
  private replyPreview(replyTo: string | null): ReplyPreview | null {
    if (replyTo === null) return null;
    const answered = this.state.messages.get(replyTo);
    const author = answered && this.state.users.get(answered.authorId);
    if (!answered || !author) return { id: replyTo, deleted: true };
    return { id: answered.id, author: { id: author.id, username: author.username }, content: previewOf(answered.content) };
  }

  /** What `keptMentions` needs to know of the channel, with `authorId`'s permissions there (none for a non-member). */
  private mentionPlace(channelId: string, authorId: string): MentionPlace {
    const channel = this.state.channels.get(channelId);
    const conversation = channel ? undefined : this.state.conversations.get(channelId);
    const sees = (userId: string): boolean =>
      channel ? this.state.memberSummary(channel.serverId, userId) !== null && has(this.state.permissionsIn(channel, userId), 'VIEW_CHANNEL') : conversation?.recipientIds.includes(userId) === true;
    const member = channel !== undefined && this.state.memberSummary(channel.serverId, authorId) !== null;
    return {
      conversation: conversation !== undefined,
      authorPermissions: member && channel ? this.state.permissionsIn(channel, authorId) : 0,
      sees,
      isRole: (roleId) => channel !== undefined && roleId !== channel.serverId && this.state.rolesOf(channel.serverId).has(roleId),
    };
  }

  /** The facts `pageJsonAs` and `createAs` check, all at once; answers the actor as a member when all hold and they hold `needs` there. */
  private gate(actor: Actor, channelId: string, needs: readonly Permission[]): Gated<UserSummary> {
    const session = this.state.sessions.get(actor.sessionId);
    const sessionLive = session !== undefined && session.userId === actor.userId;
    const channel = this.state.channels.get(channelId);
    const conversation = channel ? undefined : this.state.conversations.get(channelId);
    const member = (channel ? this.state.memberSummary(channel.serverId, actor.userId) : this.recipientSummary(conversation, actor.userId)) || undefined;
    const blocked = conversation?.type === 'dm' && member !== undefined && this.blockedIn(conversation, actor.userId);
    const permissions = !member ? 0 : channel ? this.state.permissionsIn(channel, actor.userId) : CONVERSATION_PERMISSIONS & ~(blocked ? bitOf('SEND_MESSAGES') : 0);
    const needed = bitsOf(needs);
    if (sessionLive && member && (permissions & needed) === needed) return { ok: true, value: member };
    return { ok: false, facts: { sessionLive, channelFound: channel !== undefined || conversation !== undefined, member: member !== undefined, permissions, conversation: conversation !== undefined, blocked } };
  }

  /** In a one-to-one, whether either recipient blocked the other. */
  private blockedIn(conversation: Conversation, userId: string): boolean {
    const other = conversation.recipientIds.find((id) => id !== userId);
    return other !== undefined && (this.state.blocks.get(userId)?.has(other) === true || this.state.blocks.get(other)?.has(userId) === true);
  }

  /** The user as a recipient of the conversation, or null. */
  private recipientSummary(conversation: Conversation | undefined, userId: string): UserSummary | null {
    const user = conversation?.recipientIds.includes(userId) ? this.state.users.get(userId) : undefined;
    return user ? summarizeUser(user) : null;
  }

  async pin(channelId: string, messageId: string, at: Date, cap: number): Promise<PinOutcome> {
    const message = this.state.messages.get(messageId);
    if (message?.channelId !== channelId) return 'MessageNotFound';
    if (message.pinnedAt !== null) return 'already';
    if (this.pinnedIn(channelId).length >= cap) return 'TooManyPins';
    this.state.messages.set(messageId, { ...message, pinnedAt: at });
    return 'pinned';
  }

  async unpin(channelId: string, messageId: string): Promise<'unpinned' | 'absent'> {
    const message = this.state.messages.get(messageId);
    if (message?.channelId !== channelId || message.pinnedAt === null) return 'absent';
    this.state.messages.set(messageId, { ...message, pinnedAt: null });
    return 'unpinned';
  }

  async pinsJsonAs(actor: Actor, channelId: string): Promise<Gated<RenderedPage>> {
    const gate = this.gate(actor, channelId, READ_NEEDS);
    if (!gate.ok) return gate;
    return { ok: true, value: this.render(this.pinnedIn(channelId).map((m) => m.id), actor.userId) };
  }

  /** The channel's pinned messages, most recently pinned first, the newest message first among those pinned at once. */
  private pinnedIn(channelId: string): Message[] {
    const pinned = (this.state.channelMessages.get(channelId) ?? []).map((id) => this.state.messages.get(id) as Message).filter((m) => m.pinnedAt !== null);
    return pinned.sort((a, b) => (b.pinnedAt?.getTime() ?? 0) - (a.pinnedAt?.getTime() ?? 0) || compareIds(b.id, a.id));
  }

  async updateContent(id: string, content: string, editedAt: Date, asked: MessageMentions): Promise<void> {
    const message = this.state.messages.get(id);
    if (message) this.state.messages.set(id, { ...message, content, editedAt, ...keptMentions(asked, this.mentionPlace(message.channelId, message.authorId)) });
  }

  async delete(id: string): Promise<'deleted' | 'absent'> {
    const message = this.state.messages.get(id);
    if (!message) return 'absent';
    this.state.messages.delete(id);
    this.state.reactions.delete(id);
    const ids = this.state.channelMessages.get(message.channelId) ?? [];
    const index = lowerBound(ids, id, false);
    if (ids[index] === id) ids.splice(index, 1);
    return 'deleted';
  }

  async addReaction(reaction: Reaction, caps: ReactionCaps): Promise<AddReactionOutcome> {
    if (this.state.messages.get(reaction.messageId)?.channelId !== reaction.channelId) return 'MessageNotFound';
    let reactions = this.state.reactions.get(reaction.messageId);
    if (!reactions) this.state.reactions.set(reaction.messageId, (reactions = []));
    if (reactions.some((r) => r.userId === reaction.userId && r.emoji === reaction.emoji)) return 'already';
    const distinct = new Set(reactions.map((r) => r.emoji));
    if (!distinct.has(reaction.emoji) && distinct.size >= caps.distinctEmoji) return 'TooManyReactions';
    if (reactions.length >= caps.total) return 'TooManyReactionsInAll';
    reactions.push(reaction);
    return 'added';
  }

  // One store holds every channel: the channel the reaction methods are given (where a sharded store looks) is not needed here.
  async removeReaction(_channelId: string, messageId: string, userId: string, emoji: string): Promise<'removed' | 'absent'> {
    const reactions = this.state.reactions.get(messageId) ?? [];
    const index = reactions.findIndex((r) => r.userId === userId && r.emoji === emoji);
    if (index < 0) return 'absent';
    reactions.splice(index, 1);
    return 'removed';
  }

  async clearReaction(_channelId: string, messageId: string, emoji: string): Promise<number> {
    const reactions = this.state.reactions.get(messageId) ?? [];
    const kept = reactions.filter((r) => r.emoji !== emoji);
    if (kept.length !== reactions.length) this.state.reactions.set(messageId, kept);
    return reactions.length - kept.length;
  }

  async reactionState(_channelId: string, messageId: string, emoji: string, viewerId: string): Promise<ReactionState> {
    const reactions = (this.state.reactions.get(messageId) ?? []).filter((r) => r.emoji === emoji);
    return { messageId, emoji, count: reactions.length, reacted: reactions.some((r) => r.userId === viewerId) };
  }

  private toView(message: Message, viewerId: string): MessageView {
    // The message's own fields are carried as they are, so a new field needs no edit here (but for what it points to).
    const { authorId, replyTo, pinnedAt, ...fields } = message;
    const author = this.state.users.get(authorId);
    return { ...fields, replyTo: this.replyPreview(replyTo), pinned: pinnedAt !== null, author: summaryOrBlank(author, authorId), reactions: this.summaries(message.id, viewerId) };
  }

  /** One entry per emoji, in the order each emoji was first used on the message. */
  private summaries(messageId: string, viewerId: string): ReactionSummary[] {
    const byEmoji = new Map<string, { emoji: string; count: number; reacted: boolean }>();
    for (const reaction of this.state.reactions.get(messageId) ?? []) {
      const summary = byEmoji.get(reaction.emoji) ?? { emoji: reaction.emoji, count: 0, reacted: false };
      summary.count += 1;
      summary.reacted ||= reaction.userId === viewerId;
      byEmoji.set(reaction.emoji, summary);
    }
    return [...byEmoji.values()];
  }
}
