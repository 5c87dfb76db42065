import type { CommonPasswords } from '../src';

/** A few of the passwords every list has first; the real list is an adapter's. */
export class FakeCommonPasswords implements CommonPasswords {
  private readonly list: ReadonlySet<string>;

  constructor(list: readonly string[] = ['password', '12345678', 'qwertyuiop', 'iloveyou']) {
    this.list = new Set(list);
  }

  isCommon(password: string): boolean {
    return this.list.has(password.toLowerCase());
  }
}
