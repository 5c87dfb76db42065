import type { CommonPasswords } from '@chat/domain';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * zxcvbn-ts's list of the passwords most often found in leaks (about 49,000, lower-case, most
 * common first), as a set: built once, about 4 MB, then a look-up per registration or change.
 */
export class ZxcvbnCommonPasswords implements CommonPasswords {
  private readonly list: ReadonlySet<string>;

  constructor(list: readonly string[] = dictionary['passwords-common']) {
    this.list = new Set(list.map((password) => password.toLowerCase()));
  }

  isCommon(password: string): boolean {
    return this.list.has(password.toLowerCase());
  }
}
