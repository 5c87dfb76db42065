import { EMOJI, emojiIssues, isSingleEmoji } from '@chat/domain';

describe('isSingleEmoji', () => {
  it.each([
    ['a plain emoji', '👍'],
    ['an emoji with a variation selector', '❤️'],
    ['a text-default symbol', '☺'],
    ['a light skin tone', '👍🏻'],
    ['a dark skin tone', '👋🏿'],
    ['a ZWJ family', '👨‍👩‍👧‍👦'],
    ['a ZWJ profession with a skin tone', '🧑🏽‍🚀'],
    ['a ZWJ handshake with two skin tones', '🫱🏻‍🫲🏿'],
    ['a kiss with skin tones and a variation selector', '👩🏻‍❤️‍💋‍👨🏼'],
    ['the rainbow flag', '🏳️‍🌈'],
    ['a country flag', '🇫🇷'],
    ['the Japanese flag', '🇯🇵'],
    ['a keycap digit', '1️⃣'],
    ['a keycap hash', '#️⃣'],
    ['a keycap star', '*️⃣'],
    ['a keycap without the variation selector', '0⃣'],
    ['the England subdivision flag', '🏴󠁧󠁢󠁥󠁮󠁧󠁿'],
    ['the Scotland subdivision flag', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'],
    ['U+1FAE9 (face with bags under eyes)', '\u{1FAE9}'],
    ['U+1FAEA (distorted face)', '\u{1FAEA}'],
  ])('accepts %s', (_name, emoji) => {
    expect(isSingleEmoji(emoji)).toBe(true);
  });

  it.each([
    ['plain text', 'hello'],
    ['a single letter', 'a'],
    ['a bare digit', '1'],
    ['a bare hash', '#'],
    ['two emoji', '👍👍'],
    ['two different emoji', '😀🎉'],
    ['two flags', '🇫🇷🇩🇪'],
    ['a lone regional indicator', '🇫'],
    ['a shortcode', ':thumbsup:'],
    ['a trailing space', '👍 '],
    ['a leading space', ' 👍'],
    ['a trailing newline', '👍\n'],
    ['an emoji followed by text', '👍ok'],
    ['the empty string', ''],
    ['a lone zero-width joiner', '\u200D'],
    ['a dangling zero-width joiner', '👍\u200D'],
    ['a black flag with an unterminated tag sequence', '🏴󠁧󠁢󠁥󠁮󠁧'],
  ])('rejects %s', (_name, value) => {
    expect(isSingleEmoji(value)).toBe(false);
  });

  it(`rejects anything longer than ${EMOJI.maxLength} UTF-16 units`, () => {
    const longSequence = Array.from({ length: 10 }, () => '👨‍👩‍👧').join('\u200D');
    expect(longSequence.length).toBeGreaterThan(EMOJI.maxLength);
    expect(isSingleEmoji(longSequence)).toBe(false);
  });
});

describe('emojiIssues', () => {
  it('has no issue for one emoji', () => {
    expect(emojiIssues('🎉')).toEqual([]);
  });

  it('names the emoji path when the value is not one emoji', () => {
    expect(emojiIssues(':tada:')).toEqual([{ path: 'emoji', message: 'must be exactly one emoji' }]);
  });

  it('uses the path it is given', () => {
    expect(emojiIssues('x', 'reaction')).toEqual([{ path: 'reaction', message: 'must be exactly one emoji' }]);
  });
});
