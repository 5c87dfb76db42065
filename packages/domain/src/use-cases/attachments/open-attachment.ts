import type { Attachment } from '../../entities/attachment';
import { isId } from '../../ids';
import type { AttachmentLinks, SignedLink } from '../../ports/attachment-links';
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
 * anything is looked up, so the refusal says nothing of the file, not even whether it exists.
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
    if (!attachment) return fail({ kind: 'AttachmentNotFound' });
    return ok({ attachment, read: (range) => this.files.get(attachment.storageKey, range) });
  }
}
