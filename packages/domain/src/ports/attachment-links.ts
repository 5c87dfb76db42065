import type { Id } from '../ids';

/** A download link as it comes back: the attachment it names, and the parts that prove it was ours. */
export interface SignedLink {
  readonly attachmentId: string;
  /** Unix seconds; unused by an avatar's link, which never expires. */
  readonly expires: string;
  readonly signature: string;
  /** `avatar` for an avatar's or a banner's link (`avatarUrlOf`); absent or empty for a download link. */
  readonly purpose?: string;
}

/** The `purpose` of a link that shows an avatar or a banner. */
export const AVATAR_LINK_PURPOSE = 'avatar';

/**
 * Links that download an attachment without a token (a browser's `<img src>` sends none), signed
 * and expiring. A link says nothing of the file but its id.
 */
export interface AttachmentLinks {
  /** A URL, relative to the API's origin, that downloads the attachment until some time after `now`. */
  urlOf(attachmentId: Id, now: Date): string;
  /**
   * A URL, relative to the API's origin, that shows an uploaded avatar or banner and never expires:
   * it is stored with the server or user and written into messages and events, which a link that
   * expires would outlive. The same for the same upload, so browsers and caches keep it.
   */
  avatarUrlOf(attachmentId: Id): string;
  /** Whether `link` is one `urlOf` made, not yet expired at `now`, or one `avatarUrlOf` made. */
  verify(link: SignedLink, now: Date): boolean;
  /**
   * Whether `link`'s signature has the form this signer gives (judged without a key): one that has
   * not is refused before anything is looked up, even as an avatar's link a rotated key signed.
   */
  wellFormed(link: SignedLink): boolean;
  /**
   * The text `avatarUrlOf` gives for `link`'s upload when its key signs as `link` says: what a slot
   * stores for that link, whichever key (of now or rotated out) made it.
   */
  avatarUrlAs(link: SignedLink): string;
}
