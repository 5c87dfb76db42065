import { messageJson } from '@chat/contract';
import { ATTACHMENTS_UNAVAILABLE, bitsOf, messageAttachmentOf, type Actor, type Attachment, type Id, type User } from '../../src';
import { anAttachment } from './attachment-repository.contract';
import type { SeedableStores } from './fixtures';
import { aChannelWithAuthor, aConversation, aMessage, at, freshId, givenActor, givenMemberOf, givenUser, receiptOf, withoutAuthor } from './fixtures';
import type { MessageContractContext } from './message-contract-helpers';
import { viewOf } from './message-contract-helpers';

/**
 * A send takes the files it names inside its one statement, all or none: each the sender's upload,
 * never on a message; naming any needs ATTACH_FILES. The message keeps what was known of them.
 */
export function describeMessageAttachments(ctx: MessageContractContext): void {
  describe('attachments: what a send claims', () => {
    let stores: SeedableStores;
    beforeEach(() => {
      stores = ctx.stores();
    });

    async function anUpload(uploader: User, overrides: Partial<Attachment> = {}): Promise<Attachment> {
      const attachment = anAttachment(uploader.id, { createdAt: at(), ...overrides });
      await stores.attachments.create(attachment);
      return attachment;
    }

    async function sending(author: User, channelId: Id, ids: Id[], actor?: Actor) {
      const message = aMessage(channelId, author.id);
      const sent = await stores.messages.createAs(actor ?? (await givenActor(stores, author.id)), withoutAuthor(message), null, ids);
      return { message, sent, stored: await stores.messages.findById(message.id) };
    }

    it('stores the files in the order named, takes them, and renders them as messageJson does, links unsigned', async () => {
      const { channel, author } = await aChannelWithAuthor(stores);
      const image = await anUpload(author);
      const other = await anUpload(author, { filename: 'notes "final" ünï 😀.txt', contentType: 'application/octet-stream', size: 3 * 1024 ** 3, width: null, height: null });
      const actor = await givenActor(stores, author.id);

      const { message, sent, stored } = await sending(author, channel.id, [other.id, image.id], actor);

      const attachments = [messageAttachmentOf(other), messageAttachmentOf(image)];
      expect(sent).toEqual({ ok: true, value: receiptOf(author, undefined, { attachments }) });
      expect(stored).toEqual({ ...message, attachments });
      expect((await stores.attachments.find(image.id))?.messageId).toBe(message.id);
      const page = await stores.messages.pageJsonAs(actor, channel.id, { limit: 1 });
      expect(page).toEqual({ ok: true, value: JSON.stringify([messageJson(viewOf({ ...message, attachments }, author))]) });
      expect(page.ok && page.value).toContain(`"url":"/api/attachments/${other.id}"`);
    });

    it('keeps the files through an edit of the content', async () => {
      const { channel, author } = await aChannelWithAuthor(stores);
      const file = await anUpload(author);
      const { message } = await sending(author, channel.id, [file.id]);

      await stores.messages.updateContent(message.id, 'edited', at(1000), { mentions: [], mentionRoles: [], mentionEveryone: false });

      expect((await stores.messages.findById(message.id))?.attachments).toEqual([messageAttachmentOf(file)]);
    });

    it("answers ATTACHMENTS_UNAVAILABLE, writing nothing, for a file already used, someone else's, or unknown", async () => {
      const { channel, author } = await aChannelWithAuthor(stores);
      const stranger = await givenUser(stores);
      const [free, used, theirs] = [await anUpload(author), await anUpload(author), await anUpload(stranger)];
      expect((await sending(author, channel.id, [used.id])).sent.ok).toBe(true);

      for (const bad of [used.id, theirs.id, freshId()]) {
        const { sent, stored } = await sending(author, channel.id, [free.id, bad]);
        expect(sent).toEqual({ ok: true, value: ATTACHMENTS_UNAVAILABLE });
        expect(stored).toBeNull();
      }
      expect((await stores.attachments.find(free.id))?.messageId).toBeNull();
      expect((await stores.attachments.find(theirs.id))?.messageId).toBeNull();
    });

    it('never attaches an upload that is an avatar or banner', async () => {
      const { channel, author } = await aChannelWithAuthor(stores);
      const avatar = await anUpload(author, { usedAs: `user:${author.id}:avatar` });

      const { sent, stored } = await sending(author, channel.id, [avatar.id]);

      expect(sent).toEqual({ ok: true, value: ATTACHMENTS_UNAVAILABLE });
      expect(stored).toBeNull();
      expect(await stores.attachments.find(avatar.id)).toEqual(avatar);
    });

    it("never attaches a deleted message's files again", async () => {
      const { channel, author } = await aChannelWithAuthor(stores);
      const file = await anUpload(author);
      const { message } = await sending(author, channel.id, [file.id]);
      expect(await stores.messages.delete(message.id)).toBe('deleted');

      expect((await sending(author, channel.id, [file.id])).sent).toEqual({ ok: true, value: ATTACHMENTS_UNAVAILABLE });
      // Read back, it says it was attached (an avatar refuses it too), whatever its message now is.
      expect((await stores.attachments.find(file.id))?.attachedAt).toEqual(expect.any(Date));
    });

    it('refuses a member without ATTACH_FILES as a gate does, with their permissions, and takes nothing', async () => {
      const { server, channel } = await aChannelWithAuthor(stores);
      const { user } = await givenMemberOf(stores, server.id);
      const file = await anUpload(user);
      await stores.channels.setOverwrite(channel.id, { id: user.id, type: 'member', allow: 0, deny: bitsOf(['ATTACH_FILES']) });

      const { sent, stored } = await sending(user, channel.id, [file.id]);

      expect(sent.ok).toBe(false);
      expect(!sent.ok && (sent.facts.permissions & bitsOf(['ATTACH_FILES']))).toBe(0);
      expect(!sent.ok && sent.facts.member).toBe(true);
      expect(stored).toBeNull();
      expect((await stores.attachments.find(file.id))?.messageId).toBeNull();
      expect((await sending(user, channel.id, [])).sent.ok).toBe(true);
    });

    it('attaches in a direct conversation', async () => {
      const [a, b] = [await givenUser(stores), await givenUser(stores)];
      const dm = aConversation(a.id, [b.id]);
      await stores.conversations.create(dm);
      const file = await anUpload(a);

      expect((await sending(a, dm.id, [file.id])).sent).toEqual({ ok: true, value: receiptOf(a, undefined, { attachments: [messageAttachmentOf(file)] }) });
    });

    it('claims each send of one moment alone: two naming one file, one gets it; a bad one fails alone; one without files is sent', async () => {
      const { channel, author } = await aChannelWithAuthor(stores);
      const actor = await givenActor(stores, author.id);
      const [shared, mine, lonely] = [await anUpload(author), await anUpload(author), await anUpload(author)];
      const asks = [[shared.id], [shared.id, mine.id], [lonely.id], [freshId()], []];
      const messages = asks.map(() => aMessage(channel.id, author.id));

      const results = await Promise.all(messages.map((message, i) => stores.messages.createAs(actor, withoutAuthor(message), null, asks[i])));

      const won = results.slice(0, 2).filter((result) => result.ok && result.value !== ATTACHMENTS_UNAVAILABLE);
      expect(won).toHaveLength(1);
      expect(results.slice(2)).toEqual([{ ok: true, value: receiptOf(author, undefined, { attachments: [messageAttachmentOf(lonely)] }) }, { ok: true, value: ATTACHMENTS_UNAVAILABLE }, { ok: true, value: receiptOf(author) }]);
      const stored = await Promise.all(messages.map((message) => stores.messages.findById(message.id)));
      expect(stored.map((message) => message !== null)).toEqual([results[0] === won[0], results[1] === won[0], true, false, true]);
      const lost = results[0] === won[0] ? mine : undefined;
      if (lost) expect((await stores.attachments.find(lost.id))?.messageId).toBeNull();
    });
  });
}
