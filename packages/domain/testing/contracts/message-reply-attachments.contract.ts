import { messageJson } from '@chat/contract';
import { ATTACHMENTS_UNAVAILABLE, messageAttachmentOf, previewOf, type Attachment, type Id, type User } from '../../src';
import { anAttachment } from './attachment-repository.contract';
import type { SeedableStores } from './fixtures';
import { aChannelWithAuthor, aMessage, at, freshId, givenActor, givenChannel, givenMemberOf, givenMessage, receiptOf, withoutAuthor } from './fixtures';
import { viewOf, type MessageContractContext } from './message-contract-helpers';

/**
 * A reply may carry files: the send's one statement claims them only once the reply found its
 * message, so a reply to no message of the channel takes no file, alone or in a batch.
 */
export function describeMessageReplyAttachments(ctx: MessageContractContext): void {
  describe('replies with files', () => {
    let stores: SeedableStores;
    beforeEach(() => {
      stores = ctx.stores();
    });

    async function anUpload(uploader: User): Promise<Attachment> {
      const attachment = anAttachment(uploader.id, { createdAt: at() });
      await stores.attachments.create(attachment);
      return attachment;
    }

    /** A channel with a member's question, its owner to answer, and the owner's upload. */
    async function aQuestionAndAFile() {
      const { server, channel, author: owner } = await aChannelWithAuthor(stores);
      const asker = (await givenMemberOf(stores, server.id)).user;
      const question = await givenMessage(stores, channel.id, asker.id, { content: 'which one?' });
      const file = await anUpload(owner);
      return { server, channel, owner, asker, question, file, actor: await givenActor(stores, owner.id) };
    }

    const replying = (channelId: Id, author: User, replyTo: Id) => aMessage(channelId, author.id, { replyTo });

    it('stores a reply with its files: both in the receipt, the stored message and the page', async () => {
      const { channel, owner, asker, question, file, actor } = await aQuestionAndAFile();
      const message = replying(channel.id, owner, question.id);

      const sent = await stores.messages.createAs(actor, withoutAuthor(message), null, [file.id]);

      const kept = { mentions: [asker.id], mentionRoles: [], mentionEveryone: false };
      const attachments = [messageAttachmentOf(file)];
      const replyTo = { id: question.id, author: { id: asker.id, username: asker.username }, content: previewOf(question.content) };
      expect(sent).toEqual({ ok: true, value: receiptOf(owner, kept, { attachments, replyTo }) });
      expect(await stores.messages.findById(message.id)).toEqual({ ...message, ...kept, attachments });
      expect((await stores.attachments.find(file.id))?.messageId).toBe(message.id);
      const page = await stores.messages.pageJsonAs(actor, channel.id, { limit: 1 });
      expect(page).toEqual({ ok: true, value: JSON.stringify([messageJson(viewOf({ ...message, ...kept, attachments }, owner, [], replyTo))]) });
    });

    it('claims no file for a reply to a message of another channel or to none, and the file stays free for the next send', async () => {
      const { server, channel, owner, file, actor } = await aQuestionAndAFile();
      const elsewhere = await givenChannel(stores, server.id);
      const otherQuestion = await givenMessage(stores, elsewhere.id, owner.id);

      for (const replyTo of [otherQuestion.id, freshId()]) {
        const message = replying(channel.id, owner, replyTo);
        expect(await stores.messages.createAs(actor, withoutAuthor(message), null, [file.id])).toEqual({ ok: true, value: 'ReplyTargetMissing' });
        expect(await stores.messages.findById(message.id)).toBeNull();
        expect(await stores.attachments.find(file.id)).toEqual(file);
      }
      const plain = aMessage(channel.id, owner.id);
      expect(await stores.messages.createAs(actor, withoutAuthor(plain), null, [file.id])).toEqual({ ok: true, value: receiptOf(owner, undefined, { attachments: [messageAttachmentOf(file)] }) });
    });

    it('in one turn: claims for the reply that found its message, none for the one that did not, and tells each', async () => {
      const { channel, owner, asker, question, file, actor } = await aQuestionAndAFile();
      const [kept, spare, taken] = [file, await anUpload(owner), await anUpload(owner)];
      expect((await stores.messages.createAs(actor, withoutAuthor(aMessage(channel.id, owner.id)), null, [taken.id])).ok).toBe(true);
      const good = replying(channel.id, owner, question.id);
      const lost = replying(channel.id, owner, freshId());
      const unavailable = replying(channel.id, owner, question.id);

      const results = await Promise.all([
        stores.messages.createAs(actor, withoutAuthor(good), null, [kept.id]),
        stores.messages.createAs(actor, withoutAuthor(lost), null, [spare.id]),
        stores.messages.createAs(actor, withoutAuthor(unavailable), null, [taken.id]),
      ]);

      const replyTo = { id: question.id, author: { id: asker.id, username: asker.username }, content: previewOf(question.content) };
      const mentions = { mentions: [asker.id], mentionRoles: [], mentionEveryone: false };
      expect(results).toEqual([
        { ok: true, value: receiptOf(owner, mentions, { attachments: [messageAttachmentOf(kept)], replyTo }) },
        { ok: true, value: 'ReplyTargetMissing' },
        { ok: true, value: ATTACHMENTS_UNAVAILABLE },
      ]);
      expect(await stores.attachments.find(spare.id)).toEqual(spare);
      expect(await stores.messages.findById(lost.id)).toBeNull();
      expect(await stores.messages.findById(unavailable.id)).toBeNull();
    });
  });
}
