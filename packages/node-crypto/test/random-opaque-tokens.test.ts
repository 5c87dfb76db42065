import { RandomOpaqueTokens } from '@chat/node-crypto';

describe('RandomOpaqueTokens', () => {
  const tokens = new RandomOpaqueTokens();

  it('makes 256-bit url-safe tokens that never repeat', () => {
    const made = Array.from({ length: 1000 }, () => tokens.generate());
    expect(made.every((t) => /^[A-Za-z0-9_-]{43}$/.test(t))).toBe(true);
    expect(new Set(made).size).toBe(1000);
  });

  it('hashes deterministically and matches only the right token', () => {
    const token = tokens.generate();
    const hash = tokens.hash(token);
    expect(tokens.hash(token)).toBe(hash);
    expect(hash).not.toContain(token);
    expect(tokens.matches(token, hash)).toBe(true);
    expect(tokens.matches(tokens.generate(), hash)).toBe(false);
    expect(tokens.matches(token, 'short')).toBe(false);
  });
});
