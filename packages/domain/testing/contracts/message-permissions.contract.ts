import { bitsOf, EVERYONE_DEFAULT, type Actor, type Id, type Permission, type PermissionBits } from '../../src';
import type { SeedableStores } from './fixtures';
import { aMessage, aServerWithOwner, givenActor, givenChannel, givenMemberOf, receiptOf, withoutAuthor } from './fixtures';
import type { MessageContractContext } from './message-contract-helpers';
import { aRole } from './role-repository.contract';

const VIEW = bitsOf(['VIEW_CHANNEL']);
const SEND = bitsOf(['SEND_MESSAGES']);
const allow = (names: Permission[]) => ({ allow: bitsOf(names), deny: 0 });
const deny = (names: Permission[]) => ({ allow: 0, deny: bitsOf(names) });

/**
 * The hot statements check permissions inside themselves: reading needs VIEW_CHANNEL, sending needs
 * it and SEND_MESSAGES, in the channel, as the domain's `channelPermissions` computes them. A member
 * refused gets the facts (with their permissions there), and nothing is stored.
 */
export function describeMessagePermissions(ctx: MessageContractContext): void {
  describe('pageJsonAs and createAs: permissions in the channel, inside the one statement', () => {
    let stores: SeedableStores;
    beforeEach(() => {
      stores = ctx.stores();
    });

    /** A server, a channel in it, its owner and a member (each with a live session). */
    async function aPrivateChannelSetting() {
      const { server, ownerUser } = await aServerWithOwner(stores);
      const channel = await givenChannel(stores, server.id);
      const { user } = await givenMemberOf(stores, server.id);
      return { server, channel, member: user, actor: await givenActor(stores, user.id), owner: await givenActor(stores, ownerUser.id), ownerUser };
    }

    async function aRoleOf(serverId: Id, userId: Id, position: number, permissions: PermissionBits): Promise<Id> {
      const role = aRole(serverId, position, { permissions });
      await stores.roles.create(role);
      await stores.roles.assign(serverId, userId, role.id);
      return role.id;
    }

    /** Whether a page and a send go through for the actor, and with which facts they are refused. */
    async function tryBoth(actor: Actor, channelId: Id) {
      const page = await stores.messages.pageJsonAs(actor, channelId, { limit: 5 });
      const message = aMessage(channelId, actor.userId);
      const sent = await stores.messages.createAs(actor, withoutAuthor(message), null);
      const stored = (await stores.messages.findById(message.id)) !== null;
      return { page: page.ok ? 'ok' : page.facts, send: sent.ok ? 'ok' : sent.facts, stored };
    }
    const refusedWith = (permissions: PermissionBits) => ({ sessionLive: true, channelFound: true, member: true, permissions, conversation: false, blocked: false });

    it("refuses reading and sending where @everyone's overwrite denies VIEW_CHANNEL, but not to the owner", async () => {
      const { server, channel, actor, owner } = await aPrivateChannelSetting();
      await stores.channels.setOverwrite(channel.id, { id: server.id, type: 'role', ...deny(['VIEW_CHANNEL']) });

      expect(await tryBoth(actor, channel.id)).toEqual({ page: refusedWith(EVERYONE_DEFAULT & ~VIEW), send: refusedWith(EVERYONE_DEFAULT & ~VIEW), stored: false });
      expect(await tryBoth(owner, channel.id)).toEqual({ page: 'ok', send: 'ok', stored: true });
      // The server's other channels are untouched.
      expect(await tryBoth(actor, server.defaultChannelId)).toEqual({ page: 'ok', send: 'ok', stored: true });
    });

    it("lets a role's overwrite allow VIEW_CHANNEL back, and the member's own overwrite have the last word", async () => {
      const { server, channel, member, actor } = await aPrivateChannelSetting();
      await stores.channels.setOverwrite(channel.id, { id: server.id, type: 'role', ...deny(['VIEW_CHANNEL', 'SEND_MESSAGES']) });
      const lead = await aRoleOf(server.id, member.id, 1, 0);
      await stores.channels.setOverwrite(channel.id, { id: lead, type: 'role', ...allow(['VIEW_CHANNEL', 'SEND_MESSAGES']) });

      expect(await tryBoth(actor, channel.id)).toEqual({ page: 'ok', send: 'ok', stored: true });

      await stores.channels.setOverwrite(channel.id, { id: member.id, type: 'member', ...deny(['SEND_MESSAGES']) });
      expect(await tryBoth(actor, channel.id)).toEqual({ page: 'ok', send: refusedWith(EVERYONE_DEFAULT & ~SEND), stored: false });
    });

    it("takes the roles' overwrites together: one role's allow beats another's deny", async () => {
      const { server, channel, member, actor } = await aPrivateChannelSetting();
      const muted = await aRoleOf(server.id, member.id, 1, 0);
      const speaker = await aRoleOf(server.id, member.id, 2, 0);
      await stores.channels.setOverwrite(channel.id, { id: muted, type: 'role', ...deny(['SEND_MESSAGES']) });
      expect(await tryBoth(actor, channel.id)).toEqual({ page: 'ok', send: refusedWith(EVERYONE_DEFAULT & ~SEND), stored: false });

      await stores.channels.setOverwrite(channel.id, { id: speaker, type: 'role', ...allow(['SEND_MESSAGES']) });
      expect(await tryBoth(actor, channel.id)).toEqual({ page: 'ok', send: 'ok', stored: true });
    });

    it('refuses sending to a member whose roles lack SEND_MESSAGES, and sends once a role gives it', async () => {
      const { server, channel, member, actor } = await aPrivateChannelSetting();
      await stores.roles.update(server.id, server.id, { permissions: VIEW });
      await aRoleOf(server.id, member.id, 1, bitsOf(['ADD_REACTIONS']));
      const readers = bitsOf(['VIEW_CHANNEL', 'ADD_REACTIONS']);
      expect(await tryBoth(actor, channel.id)).toEqual({ page: 'ok', send: refusedWith(readers), stored: false });

      await aRoleOf(server.id, member.id, 2, SEND);
      expect(await tryBoth(actor, channel.id)).toEqual({ page: 'ok', send: 'ok', stored: true });
    });

    it('gives ADMINISTRATOR every permission, overwrites notwithstanding', async () => {
      const { server, channel, member, actor } = await aPrivateChannelSetting();
      await stores.channels.setOverwrite(channel.id, { id: server.id, type: 'role', ...deny(['VIEW_CHANNEL']) });
      await stores.channels.setOverwrite(channel.id, { id: member.id, type: 'member', ...deny(['VIEW_CHANNEL', 'SEND_MESSAGES']) });
      await aRoleOf(server.id, member.id, 1, bitsOf(['ADMINISTRATOR']));

      expect(await tryBoth(actor, channel.id)).toEqual({ page: 'ok', send: 'ok', stored: true });
    });

    it('gates each send of one moment by its own permissions', async () => {
      const { server, channel, member, actor, owner, ownerUser } = await aPrivateChannelSetting();
      await stores.channels.setOverwrite(channel.id, { id: member.id, type: 'member', ...deny(['SEND_MESSAGES']) });
      const messages = [aMessage(channel.id, member.id), aMessage(channel.id, ownerUser.id), aMessage(server.defaultChannelId, member.id)];

      const results = await Promise.all([actor, owner, actor].map((who, i) => stores.messages.createAs(who, withoutAuthor(messages[i]!), null)));

      expect(results).toEqual([
        { ok: false, facts: refusedWith(EVERYONE_DEFAULT & ~SEND) },
        { ok: true, value: receiptOf(ownerUser) },
        { ok: true, value: receiptOf(member) },
      ]);
      expect(await Promise.all(messages.map(async (m) => (await stores.messages.findById(m.id)) !== null))).toEqual([false, true, true]);
    });
  });
}
