import type { Issue } from '../errors';
import type { CommonPasswords } from '../ports/common-passwords';
import { codePointLength, isCleanText, uncleanTextIssue } from './text';

export const USERNAME = { min: 2, max: 32, pattern: /^[A-Za-z0-9_.-]+$/ } as const;
export const PASSWORD = { min: 8, max: 128 } as const;
export const EMAIL = { max: 254 } as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function usernameIssues(username: string, path = 'username'): Issue[] {
  const length = codePointLength(username);
  if (length < USERNAME.min || length > USERNAME.max) {
    return [{ path, message: `must be ${USERNAME.min}-${USERNAME.max} characters` }];
  }
  if (!USERNAME.pattern.test(username)) {
    return [{ path, message: 'may contain only letters, digits, "_", "." and "-"' }];
  }
  return [];
}

export function emailIssues(email: string, path = 'email'): Issue[] {
  if (email.length > EMAIL.max || !EMAIL_PATTERN.test(email) || !isCleanText(email)) {
    return [{ path, message: 'must be a valid email address' }];
  }
  return [];
}

/** A new password's shape: clean text of 8-128 characters. */
export function passwordIssues(password: string, path = 'password'): Issue[] {
  if (!isCleanText(password)) return [uncleanTextIssue(path)];
  const length = codePointLength(password);
  if (length < PASSWORD.min || length > PASSWORD.max) {
    return [{ path, message: `must be ${PASSWORD.min}-${PASSWORD.max} characters` }];
  }
  return [];
}

/** A new password: its shape, and not one of the common ones an attacker tries first. */
export function newPasswordIssues(password: string, common: CommonPasswords, path = 'password'): Issue[] {
  const issues = passwordIssues(password, path);
  if (issues.length > 0) return issues;
  return common.isCommon(password) ? [{ path, message: 'is too common: it is on lists of leaked passwords' }] : [];
}

/**
 * The one form an email or a username is compared in: for uniqueness, for finding the account at
 * login, and for the login limit's account key. Trimmed, NFKC (fullwidth and other compatibility
 * forms become plain letters, so `ｋａｔｅ` is `kate`; the Kelvin sign U+212A is `K`), then lower case.
 */
export const foldIdentifier = (value: string): string => value.trim().normalize('NFKC').toLowerCase().normalize('NFKC');

/** An email as stored: folded (`foldIdentifier`), so one address has one account however it is typed. */
export const normalizeEmail = (email: string): string => foldIdentifier(email);

/**
 * What a login calls an account, as its failed-login limit and its device tokens know it: the email
 * or the username, folded (`foldIdentifier`) as the login looks it up.
 */
export const loginName = {
  email: (email: string): string => `email:${normalizeEmail(email)}`,
  username: (username: string): string => `username:${foldIdentifier(username)}`,
};

/** Every name a login may give this account by. */
export const loginNamesOf = (user: { readonly email: string; readonly username: string }): string[] => [loginName.email(user.email), loginName.username(user.username)];
