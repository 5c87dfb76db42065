import { ATTACHMENTS_UNAVAILABLE, bitsOf, type Actor, type Id, type MessageMentions, type PermissionBits, type Server, type User } from '../../src';
import type { SeedableStores } from './fixtures';
import { aConversation, aMessage, aServerWithOwner, freshId, givenActor, givenChannel, givenMemberOf, givenUser, receiptOf, withoutAuthor } from './fixtures';
import type { MessageContractContext } from './message-contract-helpers';
import { aRole } from './role-repository.contract';

const deny = (bits: PermissionBits) => ({ allow: 0, deny: bits });
const allow = (bits: PermissionBits) => ({ allow: bits, deny: 0 });
const VIEW = bitsOf(['VIEW_CHANNEL']);
const MENTION_EVERYONE = bitsOf(['MENTION_EVERYONE']);

const asking = (mentions: Id[], mentionRoles: Id[] = [], mentionEveryone = false): MessageMentions => ({ mentions, mentionRoles, mentionEveryone });

/**
 * A send keeps of the mentions it asks for what `keptMentions` allows, inside its one statement:
 * the users who can see the channel, the server's own roles, `@everyone` from an author holding
 * MENTION_EVERYONE there. An edit keeps them by the same rule, as the channel stands then.
 */
export function describeMessageMentions(ctx: MessageContractContext): void {
  describe('mentions: what a send and an edit keep', () => {
    let stores: SeedableStores;
    beforeEach(() => {
      stores = ctx.stores();
    });

    /**
     * A server whose channel `@everyone` cannot see: the owner, a member let in by their own
     * overwrite (`insider`), a member shut out (`outsider`), and a user of no server (`stranger`).
     */
    async function aPrivateChannel() {
      const { server, ownerUser: owner } = await aServerWithOwner(stores);
      const channel = await givenChannel(stores, server.id);
      const insider = (await givenMemberOf(stores, server.id)).user;
      const outsider = (await givenMemberOf(stores, server.id)).user;
      const stranger = await givenUser(stores);
      await stores.channels.setOverwrite(channel.id, { id: server.id, type: 'role', ...deny(VIEW) });
      await stores.channels.setOverwrite(channel.id, { id: insider.id, type: 'member', ...allow(VIEW) });
      return { server, channel, owner, insider, outsider, stranger };
    }

    async function aRoleOf(server: Server, holder: User | null, permissions: PermissionBits = 0): Promise<Id> {
      const role = aRole(server.id, 1, { permissions });
      await stores.roles.create(role);
      if (holder) await stores.roles.assign(server.id, holder.id, role.id);
      return role.id;
    }

    /** Sends as `author` asking for `asked`; answers the receipt and the message as stored and as a page shows it. */
    async function send(author: User, channelId: Id, asked: MessageMentions) {
      const actor: Actor = await givenActor(stores, author.id);
      const message = aMessage(channelId, author.id, asked);
      const sent = await stores.messages.createAs(actor, withoutAuthor(message), null);
      const stored = await stores.messages.findById(message.id);
      const page = await ctx.pageAs(actor, channelId, { limit: 50 });
      const shown = page.ok ? page.value.find((m) => m.id === message.id) : undefined;
      return { sent, message, stored, shown };
    }

    const keptOf = (m: MessageMentions | null | undefined) => m && { mentions: m.mentions, mentionRoles: m.mentionRoles, mentionEveryone: m.mentionEveryone };

    it('keeps the users who can see the channel, in the order asked, and leaves out members shut out of it and strangers', async () => {
      const { channel, owner, insider, outsider, stranger } = await aPrivateChannel();
      const kept = asking([insider.id, owner.id]);

      const { sent, stored, shown } = await send(owner, channel.id, asking([outsider.id, insider.id, stranger.id, freshId(), owner.id]));

      expect(sent).toEqual({ ok: true, value: receiptOf(owner, kept) });
      expect(keptOf(stored)).toEqual(kept);
      expect(keptOf(shown)).toEqual(kept);
    });

    it("keeps the roles of the channel's server, never @everyone's, another server's or an unknown one", async () => {
      const { server, channel, owner } = await aPrivateChannel();
      const lead = await aRoleOf(server, null);
      const elsewhere = await aRoleOf((await aServerWithOwner(stores)).server, null);

      const { sent, stored } = await send(owner, channel.id, asking([], [server.id, elsewhere, freshId(), lead]));

      expect(sent).toEqual({ ok: true, value: receiptOf(owner, asking([], [lead])) });
      expect(keptOf(stored)).toEqual(asking([], [lead]));
    });

    it('keeps @everyone from the owner and from a member whose role gives MENTION_EVERYONE, not from others or where an overwrite takes it away', async () => {
      const { server, ownerUser: owner } = await aServerWithOwner(stores);
      const plain = (await givenMemberOf(stores, server.id)).user;
      const herald = (await givenMemberOf(stores, server.id)).user;
      await aRoleOf(server, herald, MENTION_EVERYONE);
      const quiet = await givenChannel(stores, server.id);
      await stores.channels.setOverwrite(quiet.id, { id: herald.id, type: 'member', ...deny(MENTION_EVERYONE) });
      const everyone = asking([], [], true);
      const everyoneOf = async (author: User, channelId: Id) => {
        const { sent, stored } = await send(author, channelId, everyone);
        return [sent.ok && sent.value !== ATTACHMENTS_UNAVAILABLE && sent.value !== 'ReplyTargetMissing' && sent.value.mentionEveryone, stored?.mentionEveryone];
      };

      expect(await everyoneOf(owner, server.defaultChannelId)).toEqual([true, true]);
      expect(await everyoneOf(herald, server.defaultChannelId)).toEqual([true, true]);
      expect(await everyoneOf(plain, server.defaultChannelId)).toEqual([false, false]);
      expect(await everyoneOf(herald, quiet.id)).toEqual([false, false]);
    });

    it('keeps the recipients of a direct conversation, and no role and no @everyone there', async () => {
      const [a, b, stranger] = [await givenUser(stores), await givenUser(stores), await givenUser(stores)];
      const { server } = await aServerWithOwner(stores);
      const dm = aConversation(a.id, [b.id]);
      await stores.conversations.create(dm);

      const { sent, stored, shown } = await send(a, dm.id, asking([b.id, stranger.id, a.id], [server.id], true));

      expect(sent).toEqual({ ok: true, value: receiptOf(a, asking([b.id, a.id])) });
      expect(keptOf(stored)).toEqual(asking([b.id, a.id]));
      expect(keptOf(shown)).toEqual(asking([b.id, a.id]));
    });

    it('keeps each of the sends of one moment by its own channel and author', async () => {
      const { server, channel, owner, insider, outsider } = await aPrivateChannel();
      const lead = await aRoleOf(server, null);
      const sends: [User, Id, MessageMentions][] = [
        [owner, channel.id, asking([outsider.id, insider.id], [lead], true)],
        [insider, server.defaultChannelId, asking([outsider.id, insider.id], [lead], true)],
        [insider, channel.id, asking([])],
      ];
      const messages = sends.map(([author, channelId, asked]) => aMessage(channelId, author.id, asked));
      const actors = await Promise.all(sends.map(([author]) => givenActor(stores, author.id)));

      const results = await Promise.all(messages.map((message, i) => stores.messages.createAs(actors[i]!, withoutAuthor(message), null)));

      const kept = [asking([insider.id], [lead], true), asking([outsider.id, insider.id], [lead], false), asking([])];
      expect(results).toEqual(sends.map(([author], i) => ({ ok: true, value: receiptOf(author, kept[i]) })));
      expect(await Promise.all(messages.map(async (m) => keptOf(await stores.messages.findById(m.id))))).toEqual(kept);
    });

    it('keeps on an edit what the new content asks for, as the channel and the author stand then', async () => {
      const { server, channel, owner, insider, outsider } = await aPrivateChannel();
      const lead = await aRoleOf(server, null);
      const { message } = await send(insider, channel.id, asking([insider.id, owner.id], [lead]));
      await stores.channels.setOverwrite(channel.id, { id: outsider.id, type: 'member', ...allow(VIEW) });
      await stores.channels.setOverwrite(channel.id, { id: owner.id, type: 'member', ...deny(VIEW) });

      await stores.messages.updateContent(message.id, 'edited', new Date(), asking([owner.id, outsider.id], [server.id], true));
      // The owner sees every channel whatever its overwrites; the insider may not mention everyone.
      expect(keptOf(await stores.messages.findById(message.id))).toEqual(asking([owner.id, outsider.id]));

      await aRoleOf(server, insider, MENTION_EVERYONE);
      await stores.messages.updateContent(message.id, 'edited again', new Date(), asking([], [lead], true));
      expect(keptOf(await stores.messages.findById(message.id))).toEqual(asking([], [lead], true));
      expect(keptOf(await stores.messages.view(message.id, owner.id))).toEqual(asking([], [lead], true));
    });
  });
}
