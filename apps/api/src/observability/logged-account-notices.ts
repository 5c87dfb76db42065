import type { AccountNotices } from '@chat/domain';
import type { Logger } from 'pino';

/**
 * Notices to account owners, as log lines (this server sends no mail): an operator who wants them
 * delivered forwards lines with a `notice` field. They name the account by id, never its address.
 */
export class LoggedAccountNotices implements AccountNotices {
  constructor(private readonly logger: Logger) {}

  async registrationWithYourEmail(userId: string, at: Date): Promise<void> {
    this.logger.info({ notice: 'registration-with-your-email', userId, at: at.toISOString() }, "someone tried to register with this account's email address");
  }
}
