import { createHmac, timingSafeEqual } from 'node:crypto';
import { AVATAR_LINK_PURPOSE, type AttachmentLinks, type SignedLink } from '@chat/domain';

/** What the signing secret is turned into for links: a key of their own, so no link signs anything else. */
const PURPOSE = 'chat attachment links v1';
/** Avatars' links have a key of their own too: an expiring link's signature never passes for one that does not expire. */
const AVATAR_PURPOSE = 'chat avatar links v1';

/** Links expire on the hour (for a lifetime of an hour or more): read twice within it, a message gives the same link, which a browser has cached. */
const STEP_SECONDS = 3600;

const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/** Links kept for the current expiry (see `urlOf`): a page's worth many times over, and a bound. */
const CACHED_LINKS = 50_000;
const EXPIRES = /^[1-9][0-9]{0,11}$/;

export interface HmacAttachmentLinksOptions {
  /** The API's signing secret (JWT_SECRET, or DATA_DIR's). */
  readonly secret: string;
  /** The one before a rotation (JWT_PREVIOUS_SECRET): its links keep working until they expire. */
  readonly previousSecret?: string;
  /** How long a link works at least (ATTACHMENT_URL_TTL_SECONDS). */
  readonly ttlSeconds: number;
  /** Where the download route is. */
  readonly basePath?: string;
}

/**
 * Download links signed with HMAC-SHA256 over the attachment's id and the link's expiry, in a key
 * derived from the API's signing secret. A link lives `ttlSeconds`, rounded up to the next hour
 * (to the next `ttlSeconds` when that is shorter), so it works at least that long, and less than an
 * hour more.
 */
export class HmacAttachmentLinks implements AttachmentLinks {
  private readonly keys: readonly Buffer[];
  private readonly avatarKeys: readonly Buffer[];
  private readonly basePath: string;
  /**
   * The links made for `cachedExpires`, by attachment id. Every read of a message signs its files
   * again (a page of 50 messages with two files each is 100 HMACs, most of a page's cost), yet
   * within an hour a link is the same text: so each is signed once an hour, and the cache is
   * emptied when the expiry moves on (or when full).
   */
  private cachedExpires = 0;
  private readonly cached = new Map<string, string>();

  constructor(private readonly options: HmacAttachmentLinksOptions) {
    const secrets = [options.secret, ...(options.previousSecret ? [options.previousSecret] : [])];
    this.keys = secrets.map((secret) => createHmac('sha256', secret).update(PURPOSE).digest());
    this.avatarKeys = secrets.map((secret) => createHmac('sha256', secret).update(AVATAR_PURPOSE).digest());
    this.basePath = options.basePath ?? '/api/attachments';
  }

  urlOf(attachmentId: string, now: Date): string {
    const step = Math.min(STEP_SECONDS, this.options.ttlSeconds);
    const expires = Math.ceil((Math.floor(now.getTime() / 1000) + this.options.ttlSeconds) / step) * step;
    if (expires !== this.cachedExpires || this.cached.size >= CACHED_LINKS) {
      this.cached.clear();
      this.cachedExpires = expires;
    }
    let url = this.cached.get(attachmentId);
    if (url === undefined) {
      url = `${this.basePath}/${attachmentId}?expires=${expires}&signature=${signature(this.keys[0]!, attachmentId, String(expires))}`;
      this.cached.set(attachmentId, url);
    }
    return url;
  }

  /** Signed over the id alone, with the avatars' key: no expiry, so it can be stored (see `AttachmentLinks`). */
  avatarUrlOf(attachmentId: string): string {
    return this.avatarUrlAs({ attachmentId, expires: '', signature: signature(this.avatarKeys[0]!, attachmentId, AVATAR_LINK_PURPOSE) });
  }

  avatarUrlAs({ attachmentId, signature: given }: SignedLink): string {
    return `${this.basePath}/${attachmentId}?purpose=${AVATAR_LINK_PURPOSE}&signature=${given}`;
  }

  wellFormed({ signature: given }: SignedLink): boolean {
    return SIGNATURE.test(given);
  }

  verify({ attachmentId, expires, signature: given, purpose = '' }: SignedLink, now: Date): boolean {
    if (!SIGNATURE.test(given)) return false;
    if (purpose === AVATAR_LINK_PURPOSE) return matches(this.avatarKeys, attachmentId, AVATAR_LINK_PURPOSE, given);
    if (purpose !== '' || !EXPIRES.test(expires) || Number(expires) * 1000 <= now.getTime()) return false;
    return matches(this.keys, attachmentId, expires, given);
  }
}

function matches(keys: readonly Buffer[], attachmentId: string, bound: string, given: string): boolean {
  const presented = Buffer.from(given, 'base64url');
  return keys.some((key) => timingSafeEqual(Buffer.from(signature(key, attachmentId, bound), 'base64url'), presented));
}

/** Over the id and what bounds the link: its expiry, or the avatars' purpose (with their own key). */
const signature = (key: Buffer, attachmentId: string, bound: string): string => createHmac('sha256', key).update(`${attachmentId}:${bound}`).digest('base64url');
