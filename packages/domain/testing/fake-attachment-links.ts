import type { AttachmentLinks, SignedLink } from '../src';

/** Unsigned links for unit tests: the "signature" is `ok`, and they expire `ttlSeconds` after they are made. */
export class FakeAttachmentLinks implements AttachmentLinks {
  constructor(private readonly ttlSeconds = 86_400) {}

  urlOf(attachmentId: string, now: Date): string {
    return `/api/attachments/${attachmentId}?expires=${Math.floor(now.getTime() / 1000) + this.ttlSeconds}&signature=ok`;
  }

  verify(link: SignedLink, now: Date): boolean {
    return link.signature === 'ok' && Number(link.expires) * 1000 > now.getTime();
  }
}
