import { INVITE_CODE_LENGTH, RandomInviteCodes } from '@chat/node-crypto';

describe('RandomInviteCodes', () => {
  it('makes unambiguous codes of a fixed length that do not repeat', () => {
    const codes = Array.from({ length: 2000 }, () => new RandomInviteCodes().next());
    expect(codes.every((code) => code.length === INVITE_CODE_LENGTH && /^[A-Za-z2-9]+$/.test(code))).toBe(true);
    expect(codes.some((code) => /[0O1lI]/.test(code))).toBe(false);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
