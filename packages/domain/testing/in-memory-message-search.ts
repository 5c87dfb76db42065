import { bitsOf, compareIds, READ_NEEDS, type Id, type Message, type MessageSearch, type SearchHits, type SearchQuery } from '../src';
import type { InMemoryMessageRepository } from './in-memory-message-repository';
import type { MemoryState } from './memory-state';
import { matches, queryOf, vectorOf } from './text-search';

const READ = bitsOf(READ_NEEDS);

/** Every stored message, read through: the words as PostgreSQL's `simple` search reads them (text-search.ts). */
export class InMemoryMessageSearch implements MessageSearch {
  constructor(
    private readonly state: MemoryState,
    /** Renders the hits as a page's messages are. */
    private readonly messages: InMemoryMessageRepository,
  ) {}

  async inServer(viewerId: Id, serverId: Id, query: SearchQuery): Promise<SearchHits> {
    const readable = [...this.state.channels.values()].filter(
      (channel) => channel.serverId === serverId && this.state.memberSummary(serverId, viewerId) !== null && (this.state.permissionsIn(channel, viewerId) & READ) === READ,
    );
    return this.search(new Set(readable.map((channel) => channel.id)), viewerId, query);
  }

  async inConversations(viewerId: Id, query: SearchQuery): Promise<SearchHits> {
    const theirs = [...this.state.conversations.values()].filter((conversation) => conversation.recipientIds.includes(viewerId));
    return this.search(new Set(theirs.map((conversation) => conversation.id)), viewerId, query);
  }

  private search(channelIds: ReadonlySet<Id>, viewerId: Id, { text, authorId, channelId, before, after, limit }: SearchQuery): SearchHits {
    const words = text === undefined ? null : queryOf(text);
    const found = (message: Message) =>
      channelIds.has(message.channelId) &&
      (channelId === undefined || message.channelId === channelId) &&
      (authorId === undefined || message.authorId === authorId) &&
      (before === undefined || compareIds(message.id, before) < 0) &&
      (after === undefined || compareIds(message.id, after) > 0) &&
      (words === null || matches(vectorOf(message.content), words));
    const hits = [...this.state.messages.values()].filter(found).sort((a, b) => compareIds(b.id, a.id));
    return { messages: this.messages.render(hits.slice(0, limit).map((message) => message.id), viewerId), hasMore: hits.length > limit };
  }
}
