import type { Attachment } from '../../entities/attachment';
import { isId } from '../../ids';
import { AVATAR_LINK_PURPOSE, type AttachmentLinks, type SignedLink } from '../../ports/attachment-links';
import type { AttachmentRepository } from '../../ports/attachment-repository';
import type { Clock } from '../../ports/clock';
import type { ByteRange, FileStore } from '../../ports/file-store';
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
 * replaced is gone for it at once, as it soon is for everyone (the sweep).
 */
export class OpenAttachment {
  static readonly errors = ['LinkInvalid', 'AttachmentNotFound'] as const;

  constructor(
    private readonly attachments: AttachmentRepository,
    private readonly files: FileStore,
    private readonly links: AttachmentLinks,
    private readonly clock: Clock,
  ) {}

  async execute(link: SignedLink): Outcome<OpenedAttachment, typeof OpenAttachment.errors> {
    if (!this.links.verify(link, this.clock.now()) || !isId(link.attachmentId)) return fail({ kind: 'LinkInvalid' });
    const attachment = await this.attachments.find(link.attachmentId);
    if (!attachment || (link.purpose === AVATAR_LINK_PURPOSE && attachment.usedAs === null)) return fail({ kind: 'AttachmentNotFound' });
    return ok({ attachment, read: (range) => this.files.get(attachment.storageKey, range) });
  }
}
