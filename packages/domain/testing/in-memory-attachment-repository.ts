import type { Attachment, AttachmentRepository, ImageSlot } from '../src';
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

  async hold(id: string): Promise<Attachment | null> {
    // One thread: nothing runs between this unit's awaits that a lock would have kept out.
    return this.find(id);
  }

  async useAs(id: string, slot: ImageSlot): Promise<void> {
    for (const a of this.state.attachments.values()) if (a.usedAs === slot && a.id !== id) throw new Error(`${slot} is filled by ${a.id}`);
    const attachment = this.state.attachments.get(id);
    if (attachment) this.state.attachments.set(id, { ...attachment, usedAs: slot });
  }

  async release(slots: readonly ImageSlot[]): Promise<void> {
    for (const a of this.state.attachments.values()) if (a.usedAs !== null && slots.includes(a.usedAs)) this.state.attachments.set(a.id, { ...a, usedAs: null });
  }

  async bytesUploadedSince(uploaderId: string, since: Date): Promise<number> {
    let bytes = 0;
    for (const a of this.state.attachments.values()) if (a.uploaderId === uploaderId && a.createdAt >= since) bytes += a.size;
    return bytes;
  }
}
