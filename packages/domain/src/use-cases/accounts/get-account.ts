import { accountOf, type Account } from '../../entities/user';
import type { Actor } from '../../entities/session';
import type { UserRepository } from '../../ports/user-repository';
import { fail, ok, type Outcome } from '../../result';

/** The caller's own account: names, avatar, email, whether a bot, since when. */
export class GetAccount {
  static readonly errors = ['InvalidToken'] as const;

  constructor(private readonly users: UserRepository) {}

  async execute(actor: Actor): Outcome<Account, typeof GetAccount.errors> {
    const user = await this.users.findById(actor.userId);
    // A live session's user exists; one gone meanwhile took its sessions with it.
    return user ? ok(accountOf(user)) : fail({ kind: 'InvalidToken' });
  }
}
