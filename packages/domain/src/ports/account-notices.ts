import type { Id } from '../ids';

/**
 * What an account's owner is told, out of band, of things done with their account by others. No
 * adapter here sends mail: the app logs each notice for the operator, who may forward it.
 */
export interface AccountNotices {
  /** Someone tried to register a new account with this account's email address. */
  registrationWithYourEmail(userId: Id, at: Date): Promise<void>;
}
