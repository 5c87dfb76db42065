import type { Issue } from '../errors';
import { codePointLength, isCleanText } from './text';

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

export function passwordIssues(password: string, path = 'password'): Issue[] {
  const length = codePointLength(password);
  if (length < PASSWORD.min || length > PASSWORD.max) {
    return [{ path, message: `must be ${PASSWORD.min}-${PASSWORD.max} characters` }];
  }
  return [];
}

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * What a login calls an account, as its failed-login limit and its device tokens know it: the email
 * or the username, ignoring case and surrounding spaces.
 */
export const loginName = {
  email: (email: string): string => `email:${normalizeEmail(email)}`,
  username: (username: string): string => `username:${username.trim().toLowerCase()}`,
};

/** Every name a login may give this account by. */
export const loginNamesOf = (user: { readonly email: string; readonly username: string }): string[] => [loginName.email(user.email), loginName.username(user.username)];
