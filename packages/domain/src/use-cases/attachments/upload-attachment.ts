import { ATTACHMENT_MAX_BYTES, storageKeyOf, viewOf, type Attachment, type AttachmentView } from '../../entities/attachment';
import type { Quotas } from '../../entities/quotas';
import type { Actor } from '../../entities/session';
import { validationFailed, type DomainError, type ErrorOf } from '../../errors';
import type { AttachmentLinks } from '../../ports/attachment-links';
import type { Clock } from '../../ports/clock';
import { INSPECTED_BYTES, type FileInspector } from '../../ports/file-inspector';
import type { FileStore } from '../../ports/file-store';
import type { IdGenerator } from '../../ports/id-generator';
import type { Stores } from '../../ports/stores';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome, type Result } from '../../result';
import { sanitizeFilename } from '../../rules/attachment-rules';
import { keepingHead } from './keeping-head';

const DAY_MS = 86_400_000;

export interface UploadInput {
  /** The name the client gave the file: sanitised before it is kept, never a path. */
  readonly filename: string;
  /** The file's bytes as they arrive; throws when the upload breaks off. */
  readonly body: AsyncIterable<Uint8Array>;
}

export interface AttachmentPorts {
  readonly stores: Pick<Stores, 'attachments'>;
  readonly unitOfWork: UnitOfWork;
  readonly files: FileStore;
  readonly inspector: FileInspector;
  readonly links: AttachmentLinks;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly quotas: Quotas;
  /** `ATTACHMENT_MAX_BYTES`. */
  readonly maxBytes?: number;
}

/**
 * A user uploads a file, to attach to a message later (an upload never attached is swept after an
 * hour). Its bytes stream into the file store as they arrive, cut off past the size limit or the
 * day's quota, whichever is nearer; its type and an image's size are read from its first bytes. The
 * day's quota is checked again with the user held, beside the row's insert, so uploads racing each
 * other cannot pass it together. Whatever is refused, or breaks off, leaves no file behind.
 */
export class UploadAttachment {
  static readonly errors = ['ValidationFailed', 'InvalidToken', 'FileTooLarge', 'QuotaExceeded'] as const;

  constructor(private readonly ports: AttachmentPorts) {}

  async execute(actor: Actor, input: UploadInput): Outcome<AttachmentView, typeof UploadAttachment.errors> {
    const { files, ids, clock } = this.ports;
    const maxBytes = this.ports.maxBytes ?? ATTACHMENT_MAX_BYTES;
    const now = clock.now();
    const room = this.quota() - (await this.ports.stores.attachments.bytesUploadedSince(actor.userId, dayBefore(now)));
    if (room <= 0) return fail(this.quotaExceeded());
    const id = ids.next();
    const key = storageKeyOf(id);
    const copy = keepingHead(input.body, INSPECTED_BYTES);
    const stored = await files.put(key, copy.body, Math.min(maxBytes, room));
    if (stored.kind === 'TooLarge') return fail(room < maxBytes ? this.quotaExceeded() : { kind: 'FileTooLarge', max: maxBytes });
    const kept = await discardOnFailure(files, key, async (): Promise<Result<Attachment, ErrorOf<'ValidationFailed' | 'InvalidToken' | 'QuotaExceeded'>>> => {
      if (stored.size === 0) return fail(validationFailed([{ path: 'file', message: 'must not be empty' }]));
      const kind = await this.ports.inspector.inspect(copy.head());
      const attachment: Attachment = { id, uploaderId: actor.userId, filename: sanitizeFilename(input.filename), ...kind, size: stored.size, storageKey: key, createdAt: now, messageId: null, attachedAt: null, usedAs: null };
      return this.record(attachment);
    });
    return kept.ok ? ok(viewOf(kept.value, this.ports.links.urlOf(id, now))) : kept;
  }

  /** The row, if the day's quota still has room for it once the user is held. */
  private record(attachment: Attachment): Outcome<Attachment, readonly ['InvalidToken', 'QuotaExceeded']> {
    return this.ports.unitOfWork.run(async ({ users, attachments }) => {
      if (!(await users.hold(attachment.uploaderId))) return fail({ kind: 'InvalidToken' });
      const used = await attachments.bytesUploadedSince(attachment.uploaderId, dayBefore(attachment.createdAt));
      if (used + attachment.size > this.quota()) return fail(this.quotaExceeded());
      await attachments.create(attachment);
      return ok(attachment);
    });
  }

  private quota(): number {
    return this.ports.quotas.uploadBytesPerDay;
  }

  private quotaExceeded(): ErrorOf<'QuotaExceeded'> {
    return { kind: 'QuotaExceeded', quota: 'uploadBytesPerDay', max: this.quota() };
  }
}

const dayBefore = (now: Date): Date => new Date(now.getTime() - DAY_MS);

/** `work`'s outcome; the file under `key` is deleted unless it succeeded (thrown errors go on as they were). */
async function discardOnFailure<T, E extends DomainError>(files: FileStore, key: string, work: () => Promise<Result<T, E>>): Promise<Result<T, E>> {
  let outcome: Result<T, E> | undefined;
  try {
    outcome = await work();
    return outcome;
  } finally {
    if (!outcome?.ok) await files.delete([key]);
  }
}
