import { messageJson, signAttachmentUrls } from '@chat/contract';
import { NO_MENTIONS, type MessageView } from '@chat/domain';

const file = { id: '42', filename: 'cat.png', contentType: 'image/png', size: 10, width: 2, height: 1 };
const message = (content: string, attachments = [file]): MessageView => ({
  id: '100',
  channelId: '20',
  content,
  createdAt: new Date('2026-11-01T10:00:00.000Z'),
  editedAt: null,
  ...NO_MENTIONS,
  attachments,
  replyTo: null,
  pinned: false,
  author: { id: '3', username: 'ann', displayName: null, avatar: null },
  reactions: [],
});
const sign = (id: string) => `/api/attachments/${id}?expires=9&signature=s-${id}`;

describe('signAttachmentUrls', () => {
  it("signs each file's link, and leaves the rest of the text as it was", () => {
    const text = JSON.stringify([messageJson(message('hi', [file, { ...file, id: '43' }]))]);

    const signed = signAttachmentUrls(text, sign);

    expect(JSON.parse(signed)[0].attachments.map((a: { url: string }) => a.url)).toEqual([sign('42'), sign('43')]);
    expect(signed.replaceAll(/\?expires=9&signature=s-4[23]/g, '')).toBe(text);
  });

  it('returns a text without files as it is, and a signed one unchanged', () => {
    const plain = JSON.stringify([messageJson(message('hi', []))]);
    expect(signAttachmentUrls(plain, sign)).toBe(plain);
    const signed = signAttachmentUrls(JSON.stringify(messageJson(message('hi'))), sign);
    expect(signAttachmentUrls(signed, () => 'again')).toBe(signed);
  });

  it('never signs what a content says, even the very text of a link', () => {
    const text = JSON.stringify(messageJson(message('"url":"/api/attachments/7" and \\"url\\":\\"/api/attachments/8\\"', [])));
    expect(signAttachmentUrls(text, sign)).toBe(text);
  });
});
