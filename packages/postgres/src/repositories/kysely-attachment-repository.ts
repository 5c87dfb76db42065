import type { Attachment, AttachmentRepository, ImageSlot } from '@chat/domain';
import type { Kysely, Selectable } from 'kysely';
import type { AttachmentsTable, Database } from '../schema';

const toAttachment = (row: Selectable<AttachmentsTable>): Attachment => ({
  id: row.id,
  uploaderId: row.uploader_id,
  filename: row.filename,
  contentType: row.content_type,
  size: Number(row.size),
  width: row.width,
  height: row.height,
  storageKey: row.storage_key,
  createdAt: row.created_at,
  messageId: row.message_id,
  attachedAt: row.attached_at,
  usedAs: row.used_as,
});

export class KyselyAttachmentRepository implements AttachmentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(attachment: Attachment): Promise<void> {
    await this.db
      .insertInto('attachments')
      .values({
        id: attachment.id,
        uploader_id: attachment.uploaderId,
        filename: attachment.filename,
        content_type: attachment.contentType,
        size: attachment.size,
        width: attachment.width,
        height: attachment.height,
        storage_key: attachment.storageKey,
        created_at: attachment.createdAt,
        message_id: attachment.messageId,
        attached_at: attachment.attachedAt,
        used_as: attachment.usedAs,
      })
      .execute();
  }

  async find(id: string): Promise<Attachment | null> {
    const row = await this.db.selectFrom('attachments').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toAttachment(row) : null;
  }

  async hold(id: string): Promise<Attachment | null> {
    const row = await this.db.selectFrom('attachments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    return row ? toAttachment(row) : null;
  }

  async useAs(id: string, slot: ImageSlot): Promise<void> {
    await this.db.updateTable('attachments').set({ used_as: slot }).where('id', '=', id).execute();
  }

  async release(slots: readonly ImageSlot[]): Promise<void> {
    if (slots.length === 0) return;
    await this.db.updateTable('attachments').set({ used_as: null }).where('used_as', 'in', slots).execute();
  }

  async bytesUploadedSince(uploaderId: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('attachments')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size'), eb.val('0')).as('bytes'))
      .where('uploader_id', '=', uploaderId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.bytes);
  }
}
