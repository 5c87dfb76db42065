import type { Attachment, ImageSlot } from '../entities/attachment';
import type { Id } from '../ids';

export interface AttachmentRepository {
  create(attachment: Attachment): Promise<void>;
  find(id: Id): Promise<Attachment | null>;
  /** `find`, holding the row until the unit ends: the sweep passes over it, another use waits. */
  hold(id: Id): Promise<Attachment | null>;
  /** Marks the upload as filling `slot` (which no other upload fills: `release` it first). */
  useAs(id: Id, slot: ImageSlot): Promise<void>;
  /** The uploads filling these slots fill none any more: the sweep takes them once they are old enough. */
  release(slots: readonly ImageSlot[]): Promise<void>;
  /** The bytes of the files `uploaderId` uploaded at or after `since`, of those still stored (the daily quota). */
  bytesUploadedSince(uploaderId: Id, since: Date): Promise<number>;
}
