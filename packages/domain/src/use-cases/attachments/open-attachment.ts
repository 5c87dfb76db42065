import type { Attachment, ImageSlot } from '../../entities/attachment';
import { isId } from '../../ids';
import { AVATAR_LINK_PURPOSE, type AttachmentLinks, type SignedLink } from '../../ports/attachment-links';
import type { AttachmentRepository } from '../../ports/attachment-repository';
import type { Clock } from '../../ports/clock';
import type { ByteRange, FileStore } from '../../ports/file-store';
import type { ServerRepository } from '../../ports/server-repository';
import type { UserRepository } from '../../ports/user-repository';
import { fail, ok, type Outcome } from '../../result';

/** An attachment a link opened, and a way to read its bytes (null: they are gone since). */
export interface OpenedAttachment {
  readonly attachment: Attachment;
  read(range?: ByteRange): Promise<AsyncIterable<Uint8Array> | null>;
}

/**
 * Someone follows a download link. A link that is not ours, or has expired, is refused before
 * anything is looked up, so the refusal says nothing of the file, not even whether it exists. An
 * avatar's link, which never expires, opens the upload only while it is an avatar or a banner: one
 * replaced is gone for it at once, as it soon is for everyone (the sweep). An avatar's link is
 * stored with its server or user, so it must outlive the key that signed it: one whose signature
 * no key of now verifies (`JWT_SECRET` rotated, the old one retired) still opens the upload if it is
 * the very link stored in the upload's slot, which only someone shown that avatar has (or whoever
 * holds the retired key: see the README on a leaked one); anything else is refused alike. Only an
 * avatar's link of a well-formed signature costs a lookup before its refusal (two when it names an
 * upload in use as an image).
 */
export class OpenAttachment {
  static readonly errors = ['LinkInvalid', 'AttachmentNotFound'] as const;

  constructor(
    private readonly attachments: AttachmentRepository,
    private readonly files: FileStore,
    private readonly links: AttachmentLinks,
    private readonly clock: Clock,
    private readonly shown: { readonly servers: Pick<ServerRepository, 'findById'>; readonly users: Pick<UserRepository, 'findById'> },
  ) {}

  async execute(link: SignedLink): Outcome<OpenedAttachment, typeof OpenAttachment.errors> {
    const avatar = link.purpose === AVATAR_LINK_PURPOSE;
    const signed = this.links.verify(link, this.clock.now());
    if ((!signed && !(avatar && this.links.wellFormed(link))) || !isId(link.attachmentId)) return fail({ kind: 'LinkInvalid' });
    const attachment = await this.attachments.find(link.attachmentId);
    if (!signed && !(attachment?.usedAs && (await this.isStored(attachment.usedAs, link)))) return fail({ kind: 'LinkInvalid' });
    if (!attachment || (avatar && attachment.usedAs === null)) return fail({ kind: 'AttachmentNotFound' });
    return ok({ attachment, read: (range) => this.files.get(attachment.storageKey, range) });
  }

  /** Whether `link` is the very link `slot` holds now (none does once its server or user is gone). */
  private async isStored(slot: ImageSlot, link: SignedLink): Promise<boolean> {
    const stored = await this.storedIn(slot);
    return stored !== null && sameText(stored, this.links.avatarUrlAs(link));
  }

  /** The link a slot holds now (null: none, or its server or user is gone). */
  private async storedIn(slot: ImageSlot): Promise<string | null> {
    const [kind, id = '', field] = slot.split(':');
    if (kind === 'user') return (await this.shown.users.findById(id))?.avatar ?? null;
    const server = await this.shown.servers.findById(id);
    return (field === 'banner' ? server?.banner : server?.avatar) ?? null;
  }
}

/** `a === b` in a time that does not tell how much of them agrees (a signature is compared). */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let differ = 0;
  for (let i = 0; i < a.length; i++) differ |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return differ === 0;
}
