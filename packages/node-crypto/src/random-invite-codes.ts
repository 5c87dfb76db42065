import { randomInt } from 'node:crypto';
import type { InviteCodeGenerator } from '@chat/domain';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export const INVITE_CODE_LENGTH = 10;

/** Ten characters from 57: about 58 bits, too many to guess, short enough to type. */
export class RandomInviteCodes implements InviteCodeGenerator {
  next(): string {
    let code = '';
    for (let i = 0; i < INVITE_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    return code;
  }
}
