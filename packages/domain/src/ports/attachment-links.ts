import type { Id } from '../ids';

/** A download link as it comes back: the attachment it names, and the parts that prove it was ours. */
export interface SignedLink {
  readonly attachmentId: string;
  readonly expires: string;
  readonly signature: string;
}

/**
 * Links that download an attachment without a token (a browser's `<img src>` sends none), signed
 * and expiring. A link says nothing of the file but its id.
 */
export interface AttachmentLinks {
  /** A URL, relative to the API's origin, that downloads the attachment until some time after `now`. */
  urlOf(attachmentId: Id, now: Date): string;
  /** Whether `link` is one `urlOf` made, not yet expired at `now`. */
  verify(link: SignedLink, now: Date): boolean;
}
