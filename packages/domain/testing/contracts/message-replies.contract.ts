import { bitsOf, previewOf, REPLY_PREVIEW_LENGTH, type Actor, type Id, type Message, type ReplyPreview, type User } from '../../src';
import type { SeedableStores } from './fixtures';
import { aChannelWithAuthor, aMessage, freshId, givenActor, givenChannel, givenMemberOf, givenMessage, receiptOf, withoutAuthor } from './fixtures';
import { viewOf, type MessageContractContext } from './message-contract-helpers';

const previewOfMessage = (message: Message, author: User): ReplyPreview => ({ id: message.id, author: { id: author.id, username: author.username }, content: previewOf(message.content) });

/**
 * A reply is stored only if its channel holds the message it answers, checked in the send's own
 * look-up; it asks to mention that message's author; a page, a view and the send show what it
 * answers as it is then (deleted since: its id alone).
 */
export function describeMessageReplies(ctx: MessageContractContext): void {
  describe('replies', () => {
    let stores: SeedableStores;
    beforeEach(() => {
      stores = ctx.stores();
    });

    /** A channel with a message by a member (`asker`), and the server's owner to answer it. */
    async function aQuestion(content = 'a question?') {
      const { server, channel, author: owner } = await aChannelWithAuthor(stores);
      const asker = (await givenMemberOf(stores, server.id)).user;
      const question = await givenMessage(stores, channel.id, asker.id, { content });
      return { server, channel, owner, asker, question, actor: await givenActor(stores, owner.id) };
    }

    const reply = (actor: Actor, author: User, channelId: Id, replyTo: Id, mentionAuthor?: boolean) => {
      const message = aMessage(channelId, author.id, { replyTo });
      return { message, sent: stores.messages.createAs(actor, withoutAuthor(message), null, [], mentionAuthor) };
    };

    it('stores a reply, answers and shows what it answers, and mentions its author', async () => {
      const { channel, owner, asker, question, actor } = await aQuestion();
      const preview = previewOfMessage(question, asker);

      const { message, sent } = reply(actor, owner, channel.id, question.id);

      const kept = { mentions: [asker.id], mentionRoles: [], mentionEveryone: false };
      expect(await sent).toEqual({ ok: true, value: receiptOf(owner, kept, { replyTo: preview }) });
      expect(await stores.messages.findById(message.id)).toEqual({ ...message, ...kept });
      expect(await stores.messages.view(message.id, asker.id)).toEqual(viewOf({ ...message, ...kept }, owner, [], preview));
      expect(await ctx.pageFor(channel.id, { limit: 50 }, asker.id)).toEqual([viewOf(question, asker), viewOf({ ...message, ...kept }, owner, [], preview)]);
    });

    it('leaves the author out of the mentions when told, when they answer themself, or when they cannot see the channel', async () => {
      const { server, channel, owner, asker, question, actor } = await aQuestion();
      const own = await givenActor(stores, asker.id);

      const quiet = await reply(actor, owner, channel.id, question.id, false).sent;
      const self = await reply(own, asker, channel.id, question.id).sent;
      await stores.channels.setOverwrite(channel.id, { id: asker.id, type: 'member', allow: 0, deny: bitsOf(['VIEW_CHANNEL']) });
      const unseen = await reply(actor, owner, channel.id, question.id).sent;

      const preview = previewOfMessage(question, asker);
      expect([quiet, self, unseen]).toEqual([
        { ok: true, value: receiptOf(owner, undefined, { replyTo: preview }) },
        { ok: true, value: receiptOf(asker, undefined, { replyTo: preview }) },
        { ok: true, value: receiptOf(owner, undefined, { replyTo: preview }) },
      ]);
      void server;
    });

    it('refuses a reply to a message of another channel or to none, once the gate opened, and stores nothing', async () => {
      const { server, channel, owner, actor } = await aQuestion();
      const other = await givenChannel(stores, server.id);
      const elsewhere = await givenMessage(stores, other.id, owner.id);

      for (const replyTo of [elsewhere.id, freshId()]) {
        const { message, sent } = reply(actor, owner, channel.id, replyTo);
        expect(await sent).toEqual({ ok: true, value: 'ReplyTargetMissing' });
        expect(await stores.messages.findById(message.id)).toBeNull();
      }
      const stranger = await givenActor(stores, (await aChannelWithAuthor(stores)).author.id);
      const shut = await reply(stranger, owner, channel.id, freshId()).sent;
      expect(shut.ok).toBe(false);
    });

    it('judges each reply of one moment by its own channel', async () => {
      const { server, channel, owner, asker, question, actor } = await aQuestion();
      const other = await givenChannel(stores, server.id);
      const sends = [reply(actor, owner, channel.id, question.id), reply(actor, owner, other.id, question.id), reply(actor, owner, channel.id, freshId(), false)];

      const results = await Promise.all(sends.map(({ sent }) => sent));

      const kept = { mentions: [asker.id], mentionRoles: [], mentionEveryone: false };
      expect(results).toEqual([{ ok: true, value: receiptOf(owner, kept, { replyTo: previewOfMessage(question, asker) }) }, { ok: true, value: 'ReplyTargetMissing' }, { ok: true, value: 'ReplyTargetMissing' }]);
      expect(await Promise.all(sends.map(async ({ message }) => (await stores.messages.findById(message.id))?.id ?? null))).toEqual([sends[0]!.message.id, null, null]);
    });

    it(`shows the first ${REPLY_PREVIEW_LENGTH} code points of what it answers`, async () => {
      const { channel, owner, asker, question, actor } = await aQuestion(`${'👨‍👩‍👧'.repeat(REPLY_PREVIEW_LENGTH)}`);

      const { message, sent } = reply(actor, owner, channel.id, question.id, false);

      const preview = { ...previewOfMessage(question, asker), content: [...question.content].slice(0, REPLY_PREVIEW_LENGTH).join('') };
      expect(await sent).toEqual({ ok: true, value: receiptOf(owner, undefined, { replyTo: preview }) });
      expect((await stores.messages.view(message.id, owner.id))?.replyTo).toEqual(preview);
    });

    it('shows what it answers as it is when read: edited, or deleted since', async () => {
      const { channel, owner, asker, question, actor } = await aQuestion();
      const { message, sent } = reply(actor, owner, channel.id, question.id, false);
      await sent;

      await stores.messages.updateContent(question.id, 'a better question?', new Date(), { mentions: [], mentionRoles: [], mentionEveryone: false });
      expect((await stores.messages.view(message.id, owner.id))?.replyTo).toEqual({ ...previewOfMessage(question, asker), content: 'a better question?' });

      await stores.messages.delete(question.id);
      const deleted = { id: question.id, deleted: true };
      expect((await stores.messages.view(message.id, owner.id))?.replyTo).toEqual(deleted);
      expect((await ctx.pageFor(channel.id, { limit: 50 }, owner.id)).map((m) => m.replyTo)).toEqual([deleted]);
    });
  });
}
