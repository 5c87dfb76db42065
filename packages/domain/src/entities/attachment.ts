import type { Id } from '../ids';

/** An uploaded file: its bytes are in the `FileStore` under `storageKey`, this is what is known of them. */
export interface Attachment {
  readonly id: Id;
  readonly uploaderId: Id;
  /** The name shown and offered when saving it (sanitised: `sanitizeFilename`); never a storage path. */
  readonly filename: string;
  /** Sniffed from the bytes, never taken from the client; `application/octet-stream` when unknown. */
  readonly contentType: string;
  readonly size: number;
  /** In pixels, for the raster images served inline (`INLINE_IMAGE_TYPES`); null otherwise. */
  readonly width: number | null;
  readonly height: number | null;
  /** Where its bytes are in the `FileStore`: made from the id (`storageKeyOf`), never from the file name. */
  readonly storageKey: string;
  readonly createdAt: Date;
  /** The message it was attached to; null until then. An upload never attached is swept (`UNATTACHED_TTL_MS`). */
  readonly messageId: Id | null;
  /** When a message took it, never cleared: with `messageId` null again, that message was deleted, and the upload is never used again. */
  readonly attachedAt: Date | null;
  /** The avatar or banner it is (`ImageSlot`); null when none. An upload in use as one is never swept. */
  readonly usedAs: ImageSlot | null;
}

/**
 * Where an uploaded image is shown other than in a message: a server's avatar or banner, a user's
 * avatar. One upload fills one slot at most, so freeing the slot frees the upload (for the sweep).
 */
export type ImageSlot = `server:${Id}:avatar` | `server:${Id}:banner` | `user:${Id}:avatar`;

export const serverImageSlot = (serverId: Id, field: 'avatar' | 'banner'): ImageSlot => `server:${serverId}:${field}`;
export const userAvatarSlot = (userId: Id): ImageSlot => `user:${userId}:avatar`;

/** An attachment as its readers get it: with a link that downloads it, for a while (`AttachmentLinks`). */
export interface AttachmentView {
  readonly id: Id;
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
  readonly width: number | null;
  readonly height: number | null;
  readonly url: string;
}

/**
 * An attachment as a message holds it: what is known of the file when it was attached, without a
 * link (links expire; a fresh one is signed at the edge whenever the message is read: `signAttachmentUrls`).
 */
export type MessageAttachment = Omit<AttachmentView, 'url'>;

/** How many files one message may carry. */
export const MAX_MESSAGE_ATTACHMENTS = 10;

export const messageAttachmentOf = ({ id, filename, contentType, size, width, height }: Attachment): MessageAttachment => ({ id, filename, contentType, size, width, height });

/** `ATTACHMENT_MAX_BYTES`'s default: 25 MiB. */
export const ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;

/** An upload not attached to a message within this time is deleted, row and file, by the sweep. */
export const UNATTACHED_TTL_MS = 3600_000;

/**
 * The only types a download shows in the browser: raster images, which cannot run script. Everything
 * else (SVG and HTML included) is downloaded as a file.
 */
export const INLINE_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export const isInlineImage = (contentType: string): boolean => INLINE_IMAGE_TYPES.includes(contentType);

/** The key of an attachment's bytes: its id alone, so no name a client sends ever reaches a path. */
export const storageKeyOf = (id: Id): string => `attachments/${id}`;

export function viewOf(attachment: Attachment, url: string): AttachmentView {
  const { id, filename, contentType, size, width, height } = attachment;
  return { id, filename, contentType, size, width, height, url };
}
