import type { CommonPasswords } from '../../ports/common-passwords';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import type { PasswordHasher } from '../../ports/password-hasher';
import type { UnitOfWork } from '../../ports/unit-of-work';
import type { UserRepository } from '../../ports/user-repository';
import { fail, ok, type Outcome } from '../../result';
import { newPasswordIssues } from '../../rules/account-rules';
import { personActing } from '../access';
import { revokeOthers } from './revoke-others';

/**
 * A person changes their password, proving they know the current one; every other session is
 * revoked (their tokens stop, their sockets close), the current one stays.
 */
export class ChangePassword {
  static readonly errors = ['ValidationFailed', 'WrongPassword', 'BotsCannotDoThis', 'InvalidToken'] as const;

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly unitOfWork: UnitOfWork,
    private readonly commonPasswords: CommonPasswords,
  ) {}

  async execute(actor: Actor, input: { readonly currentPassword: string; readonly newPassword: string }): Outcome<void, typeof ChangePassword.errors> {
    const issues = newPasswordIssues(input.newPassword, this.commonPasswords, 'newPassword');
    if (issues.length > 0) return fail(validationFailed(issues));
    const person = await personActing(this.users, actor);
    if (!person.ok) return person;
    if (!(await this.hasher.verify(input.currentPassword, person.value.passwordHash))) return fail({ kind: 'WrongPassword' });
    const passwordHash = await this.hasher.hash(input.newPassword);
    return this.unitOfWork.run(async (stores) => {
      await stores.users.setPasswordHash(actor.userId, passwordHash);
      await revokeOthers(stores, actor);
      return ok(undefined);
    });
  }
}
