import { isInlineImage, type Attachment, type ImageSlot } from '../../entities/attachment';
import { validationFailed, type ErrorOf, type Issue } from '../../errors';
import type { Id } from '../../ids';
import type { AttachmentLinks } from '../../ports/attachment-links';
import type { Stores } from '../../ports/stores';
import { fail, ok, type Result } from '../../result';
import { isUploadReference } from '../../rules/image-rules';

/** An avatar or banner asked for: the slot it fills, what was given (a URL, an upload's id, or null), and its field. */
export interface ImageChange {
  readonly slot: ImageSlot;
  readonly value: string | null;
  readonly path: 'avatar' | 'banner';
}

/**
 * What to store in each field changed, and `place`: frees the slots changed and marks the uploads
 * given. Placed only once the change itself is written, so a change refused at its write (a name
 * taken) leaves the old avatar's upload where it was.
 */
export interface PlaceImages {
  readonly stored: Partial<Record<ImageChange['path'], string | null>>;
  place(): Promise<void>;
}

/** Why an upload cannot fill `slot`, or null when it can; someone else's is told as no one's. */
function uploadIssue(upload: Attachment | null, uploaderId: Id, slot: ImageSlot): string | null {
  if (!upload || upload.uploaderId !== uploaderId) return 'is not an upload of yours';
  if (!isInlineImage(upload.contentType)) return 'must be a PNG, JPEG, GIF or WebP image';
  if (upload.messageId !== null || upload.attachedAt !== null || (upload.usedAs !== null && upload.usedAs !== slot)) return 'is an upload already in use: upload the image again';
  return null;
}

/**
 * Checks the avatars and banners of a change, holding each upload named (the sweep passes over
 * it, a message attaching it waits), before the change writes anything. An upload given must be
 * the caller's own raster image (PNG, JPEG, GIF, WebP), used by no message and by no other slot
 * (the one it fills already is fine: the same change sent twice), never on a message even one deleted since. Placing them frees the slots
 * (an upload that filled one is swept once old enough) and marks the new ones, which the sweep
 * then keeps; an upload's field stores its avatar link, which never expires (`avatarUrlOf`).
 */
export async function holdImages(
  stores: Pick<Stores, 'attachments'>,
  links: AttachmentLinks,
  uploaderId: Id,
  changes: readonly ImageChange[],
): Promise<Result<PlaceImages, ErrorOf<'ValidationFailed'>>> {
  const issues: Issue[] = [];
  const named = new Set<string>();
  for (const { slot, value, path } of changes) {
    if (value === null || !isUploadReference(value)) continue;
    const issue = named.has(value) ? 'is an upload already in use: upload the image again' : uploadIssue(await stores.attachments.hold(value), uploaderId, slot);
    named.add(value);
    if (issue) issues.push({ path, message: issue });
  }
  if (issues.length > 0) return fail(validationFailed(issues));
  const stored: Partial<Record<ImageChange['path'], string | null>> = {};
  for (const { value, path } of changes) stored[path] = value !== null && isUploadReference(value) ? links.avatarUrlOf(value) : value;
  return ok({
    stored,
    place: async () => {
      await stores.attachments.release(changes.map((change) => change.slot));
      for (const { slot, value } of changes) if (value !== null && isUploadReference(value)) await stores.attachments.useAs(value, slot);
    },
  });
}
