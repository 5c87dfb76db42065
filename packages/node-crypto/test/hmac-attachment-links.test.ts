import { HmacAttachmentLinks } from '@chat/node-crypto';

const SECRET = 'a-secret-a-secret-a-secret-a-secret-0123';
const OTHER = 'another-secret-another-secret-another-0123';
const NOW = new Date('2026-05-01T12:34:56.000Z');
const DAY = 86_400;

/** The link's parts, as the download route reads them from its URL. */
function partsOf(url: string) {
  const parsed = new URL(url, 'http://chat.test');
  const param = (name: string) => parsed.searchParams.get(name) ?? '';
  return { path: parsed.pathname, attachmentId: parsed.pathname.split('/').pop()!, expires: param('expires'), signature: param('signature'), purpose: param('purpose') };
}

describe('HmacAttachmentLinks', () => {
  const links = new HmacAttachmentLinks({ secret: SECRET, ttlSeconds: DAY });

  it('links to the download route, expiring a day later rounded up to the hour', () => {
    const link = partsOf(links.urlOf('123', NOW));

    expect(link.path).toBe('/api/attachments/123');
    expect(Number(link.expires)).toBe(Date.parse('2026-05-02T13:00:00.000Z') / 1000);
    expect(link.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(links.urlOf('123', new Date(NOW.getTime() + 60_000))).toBe(links.urlOf('123', NOW));
  });

  it('answers from its cache the link it would sign afresh, and signs anew once the hour moves on', () => {
    const cached = new HmacAttachmentLinks({ secret: SECRET, ttlSeconds: DAY });
    const first = cached.urlOf('123', NOW);

    expect(cached.urlOf('123', NOW)).toBe(first);
    expect(new HmacAttachmentLinks({ secret: SECRET, ttlSeconds: DAY }).urlOf('123', NOW)).toBe(first);
    expect(cached.urlOf('124', NOW)).not.toBe(first.replace('123', '124'));
    const later = cached.urlOf('123', new Date(NOW.getTime() + 3600_000));
    expect(Number(partsOf(later).expires) - Number(partsOf(first).expires)).toBe(3600);
    expect(cached.verify(partsOf(later), NOW)).toBe(true);
    expect(cached.urlOf('123', NOW)).toBe(first);
  });

  it('verifies its own link until it expires, and not a second after', () => {
    const link = partsOf(links.urlOf('123', NOW));
    const expiry = Number(link.expires) * 1000;

    expect(links.verify(link, NOW)).toBe(true);
    expect(links.verify(link, new Date(expiry - 1))).toBe(true);
    expect(links.verify(link, new Date(expiry))).toBe(false);
  });

  it('refuses a link changed in any part: another id, a later expiry, another signature, garbage', () => {
    const link = partsOf(links.urlOf('123', NOW));
    const flipped = `${link.signature[0] === 'A' ? 'B' : 'A'}${link.signature.slice(1)}`;

    for (const changed of [
      { ...link, attachmentId: '124' },
      { ...link, expires: String(Number(link.expires) + 3600) },
      { ...link, signature: flipped },
      { ...link, signature: '' },
      { ...link, signature: `${link.signature}=` },
      { ...link, expires: '0123' },
      { ...link, expires: '1e12' },
      { ...link, expires: '' },
    ]) {
      expect(links.verify(changed, NOW)).toBe(false);
    }
  });

  it('tells a signature of its form (43 base64url characters, whatever key signed it) from any other, without a key', () => {
    const mine = partsOf(links.avatarUrlOf('9'));
    const others = partsOf(new HmacAttachmentLinks({ secret: OTHER, ttlSeconds: DAY }).avatarUrlOf('9'));

    expect([links.wellFormed(mine), links.wellFormed(others), links.verify(others, NOW)]).toEqual([true, true, false]);
    for (const signature of ['', 'ok', `${mine.signature}=`, mine.signature.slice(1), `${mine.signature.slice(1)}+`]) {
      expect(links.wellFormed({ ...mine, signature })).toBe(false);
    }
  });

  it('refuses links signed with another secret, and keeps those of the previous one working after a rotation', () => {
    const old = partsOf(new HmacAttachmentLinks({ secret: OTHER, ttlSeconds: DAY }).urlOf('9', NOW));

    expect(links.verify(old, NOW)).toBe(false);
    expect(new HmacAttachmentLinks({ secret: SECRET, previousSecret: OTHER, ttlSeconds: DAY }).verify(old, NOW)).toBe(true);
  });

  it('rounds a lifetime shorter than an hour to its own length', () => {
    const short = new HmacAttachmentLinks({ secret: SECRET, ttlSeconds: 60 });
    const link = partsOf(short.urlOf('1', NOW));

    expect(Number(link.expires)).toBe(Date.parse('2026-05-01T12:36:00.000Z') / 1000);
  });

  it("signs an avatar's link over the id alone: the same link every time, working for ever, and only as an avatar's", () => {
    const avatar = partsOf(links.avatarUrlOf('123'));
    const download = partsOf(links.urlOf('123', NOW));

    expect(links.avatarUrlOf('123')).toMatch(/^\/api\/attachments\/123\?purpose=avatar&signature=[A-Za-z0-9_-]{43}$/);
    expect(links.avatarUrlOf('123')).toBe(new HmacAttachmentLinks({ secret: SECRET, ttlSeconds: 60 }).avatarUrlOf('123'));
    expect(links.verify(avatar, new Date('2126-01-01T00:00:00.000Z'))).toBe(true);
    for (const changed of [
      { ...avatar, attachmentId: '124' },
      { ...avatar, purpose: '' },
      { ...avatar, purpose: 'banner' },
      { ...download, purpose: 'avatar' },
      { ...avatar, signature: download.signature },
    ]) {
      expect(links.verify(changed, NOW)).toBe(false);
    }
    expect(new HmacAttachmentLinks({ secret: OTHER, ttlSeconds: DAY }).verify(avatar, NOW)).toBe(false);
    expect(new HmacAttachmentLinks({ secret: OTHER, previousSecret: SECRET, ttlSeconds: DAY }).verify(avatar, NOW)).toBe(true);
  });
});
