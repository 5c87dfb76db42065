import type { Actor, Channel, Gated, Id, Message, MessageCursor, MessageView, ReactionSummary, User } from '../../src';
import type { SeedableStores } from './fixtures';
import { summaryOf, withoutAuthor } from './fixtures';

export const viewOf = (message: Message, author: User, reactions: ReactionSummary[] = []): MessageView => ({
  ...withoutAuthor(message),
  author: summaryOf(author),
  reactions,
});

export const idsOf = (items: readonly { readonly id: Id }[]): Id[] => items.map((item) => item.id);

/** What the parts of the message contract share: the stores under test and a few makers. */
export interface MessageContractContext {
  readonly stores: () => SeedableStores;
  aChannelWithTenMessages(): Promise<{ channel: Channel; author: User; m: Message[]; ids: Id[] }>;
  pageAs(actor: Actor, channelId: Id, cursor: MessageCursor): Promise<Gated<MessageView[]>>;
  pageFor(channelId: Id, cursor: MessageCursor, viewerId: Id): Promise<MessageView[]>;
}
