import type { AccountNotices } from '../src';

/** Keeps every notice, for a test to read. */
export class RecordedAccountNotices implements AccountNotices {
  readonly told: { readonly userId: string; readonly notice: 'registrationWithYourEmail'; readonly at: Date }[] = [];

  async registrationWithYourEmail(userId: string, at: Date): Promise<void> {
    this.told.push({ userId, notice: 'registrationWithYourEmail', at });
  }
}
