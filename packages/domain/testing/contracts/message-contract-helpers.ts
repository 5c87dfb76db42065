import type { MessageJson } from '@chat/contract';
import type { Actor, Channel, Gated, Id, Message, MessageCursor, MessageView, ReactionSummary, ReplyPreview, Server, User } from '../../src';
import type { SeedableStores } from './fixtures';
import { summaryOf, withoutAuthor } from './fixtures';

/** The message as a reader sees it; a reply's preview must be given (`replyTo`), as only a store can read it. */
export const viewOf = (message: Message, author: User, reactions: ReactionSummary[] = [], replyTo: ReplyPreview | null = null): MessageView => {
  const { pinnedAt, ...fields } = withoutAuthor(message);
  return { ...fields, replyTo, pinned: pinnedAt !== null, author: summaryOf(author), reactions };
};

export const idsOf = (items: readonly { readonly id: Id }[]): Id[] => items.map((item) => item.id);

/** A store's rendered messages read back as views (dates as dates), to compare with the messages stored. */
export const viewsOf = (rendered: string): MessageView[] =>
  (JSON.parse(rendered) as MessageJson[]).map((json) => ({
    ...json,
    createdAt: new Date(json.createdAt),
    editedAt: json.editedAt === null ? null : new Date(json.editedAt),
  }));

/** What the parts of the message contract share: the stores under test and a few makers. */
export interface MessageContractContext {
  readonly stores: () => SeedableStores;
  aChannelWithTenMessages(): Promise<{ server: Server; channel: Channel; author: User; m: Message[]; ids: Id[] }>;
  pageAs(actor: Actor, channelId: Id, cursor: MessageCursor): Promise<Gated<MessageView[]>>;
  pageFor(channelId: Id, cursor: MessageCursor, viewerId: Id): Promise<MessageView[]>;
}
