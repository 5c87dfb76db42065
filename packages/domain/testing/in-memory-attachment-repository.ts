import type { Attachment, AttachmentRepository } from '../src';
import type { MemoryState } from './memory-state';

export class InMemoryAttachmentRepository implements AttachmentRepository {
  constructor(private readonly state: MemoryState) {}

  async create(attachment: Attachment): Promise<void> {
    if (this.state.attachments.has(attachment.id)) throw new Error(`attachment ${attachment.id} exists`);
    this.state.attachments.set(attachment.id, attachment);
  }

  async find(id: string): Promise<Attachment | null> {
    return this.state.attachments.get(id) ?? null;
  }

  async bytesUploadedSince(uploaderId: string, since: Date): Promise<number> {
    let bytes = 0;
    for (const a of this.state.attachments.values()) if (a.uploaderId === uploaderId && a.createdAt >= since) bytes += a.size;
    return bytes;
  }
}
