import { AVATAR_LINK_PURPOSE, type AttachmentLinks, type SignedLink } from '../src';

/** Unsigned links for unit tests: the "signature" is `ok`, and they expire `ttlSeconds` after they are made (an avatar's never). */
export class FakeAttachmentLinks implements AttachmentLinks {
  constructor(private readonly ttlSeconds = 86_400) {}

  urlOf(attachmentId: string, now: Date): string {
    return `/api/attachments/${attachmentId}?expires=${Math.floor(now.getTime() / 1000) + this.ttlSeconds}&signature=ok`;
  }

  avatarUrlOf(attachmentId: string): string {
    return this.avatarUrlAs({ attachmentId, expires: '', signature: 'ok' });
  }

  avatarUrlAs({ attachmentId, signature }: SignedLink): string {
    return `/api/attachments/${attachmentId}?purpose=${AVATAR_LINK_PURPOSE}&signature=${signature}`;
  }

  /** Any signature without `&`, `=` or `#` has the form (the fake signs every link `ok`). */
  wellFormed(link: SignedLink): boolean {
    return /^[^&=#]+$/.test(link.signature);
  }

  verify(link: SignedLink, now: Date): boolean {
    if (link.signature !== 'ok') return false;
    return link.purpose === AVATAR_LINK_PURPOSE || (!link.purpose && Number(link.expires) * 1000 > now.getTime());
  }
}
