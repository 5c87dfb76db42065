import { summarizeUser, type UserSummary } from '../../entities/user';
import { validationFailed } from '../../errors';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { AccountNotices } from '../../ports/account-notices';
import type { CommonPasswords } from '../../ports/common-passwords';
import type { PasswordHasher } from '../../ports/password-hasher';
import type { SessionRepository } from '../../ports/session-repository';
import type { DeviceTokens } from '../../ports/device-tokens';
import type { TokenService } from '../../ports/token-service';
import type { UserRepository } from '../../ports/user-repository';
import { fail, ok, type Outcome } from '../../result';
import { emailIssues, loginNamesOf, newPasswordIssues, normalizeEmail, usernameIssues } from '../../rules/account-rules';
import { type SessionClient, newSession } from './new-session';

export interface RegisterInput {
  readonly username: string;
  readonly email: string;
  readonly password: string;
}

export interface AuthGrant {
  readonly token: string;
  readonly user: UserSummary;
  /** Shown at the next login, it keeps this client's logins apart from failures of others (`DeviceTokens`). */
  readonly deviceToken: string;
}

export class Register {
  static readonly errors = ['ValidationFailed', 'UsernameTaken', 'EmailTaken'] as const;

  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly devices: DeviceTokens,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly commonPasswords: CommonPasswords,
    private readonly notices: AccountNotices,
  ) {}

  async execute(input: RegisterInput, client: SessionClient = {}): Outcome<AuthGrant, typeof Register.errors> {
    const issues = [...usernameIssues(input.username), ...emailIssues(input.email), ...newPasswordIssues(input.password, this.commonPasswords)];
    if (issues.length > 0) return fail(validationFailed(issues));

    const now = this.clock.now();
    const user = {
      id: this.ids.next(),
      username: input.username,
      displayName: null,
      avatar: null,
      email: normalizeEmail(input.email),
      passwordHash: await this.hasher.hash(input.password),
      bot: false,
      createdAt: now,
    };
    const outcome = await this.users.create(user);
    if (outcome !== 'created') {
      // The answer does not say which was taken (see the edge's mapping); the address's owner is told.
      const owner = await this.users.findByEmail(user.email);
      if (owner) await this.notices.registrationWithYourEmail(owner.id, now);
      return fail({ kind: outcome });
    }

    const session = newSession(this.ids.next(), user.id, now, this.tokens.lifetimeSeconds, client);
    await this.sessions.create(session);
    const token = await this.tokens.issue({ userId: user.id, sessionId: session.id });
    return ok({ token, user: summarizeUser(user), deviceToken: await this.devices.issue(loginNamesOf(user)) });
  }
}
