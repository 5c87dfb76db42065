import type { Attachment } from '../entities/attachment';
import type { Id } from '../ids';

export interface AttachmentRepository {
  create(attachment: Attachment): Promise<void>;
  find(id: Id): Promise<Attachment | null>;
  /** The bytes of the files `uploaderId` uploaded at or after `since`, of those still stored (the daily quota). */
  bytesUploadedSince(uploaderId: Id, since: Date): Promise<number>;
}
