import type { Issue } from '../errors';

/*
 * One emoji as a person types it, by the structure of UTS #51 rather than a fixed list, so emoji
 * newer than this runtime's Unicode tables still pass: Extended_Pictographic covers the code points
 * Unicode reserves for future emoji.
 */
const ELEMENT = String.raw`(?:\p{Extended_Pictographic}\uFE0F?\p{Emoji_Modifier}?\uFE0F?|\p{Emoji_Modifier})`;
const KEYCAP = String.raw`[0-9#*]\uFE0F?\u20E3`;
const FLAG = String.raw`\p{Regional_Indicator}{2}`;
const TAG_SEQUENCE = String.raw`\u{1F3F4}[\u{E0020}-\u{E007E}]{1,8}\u{E007F}`;
const ZWJ_SEQUENCE = String.raw`${ELEMENT}(?:\u200D${ELEMENT}){0,9}`;

const EMOJI_PATTERN = new RegExp(`^(?:${KEYCAP}|${FLAG}|${TAG_SEQUENCE}|${ZWJ_SEQUENCE})$`, 'u');

export const EMOJI = { maxLength: 64 } as const;

export function isSingleEmoji(value: string): boolean {
  return value.length <= EMOJI.maxLength && EMOJI_PATTERN.test(value);
}

export function emojiIssues(emoji: string, path = 'emoji'): Issue[] {
  return isSingleEmoji(emoji) ? [] : [{ path, message: 'must be exactly one emoji' }];
}
