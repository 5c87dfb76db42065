import { type User, summarizeUser } from '../../entities/user';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { PasswordHasher } from '../../ports/password-hasher';
import type { SessionRepository } from '../../ports/session-repository';
import type { DeviceTokens } from '../../ports/device-tokens';
import type { TokenService } from '../../ports/token-service';
import type { UserRepository } from '../../ports/user-repository';
import { fail, ok, type Outcome } from '../../result';
import { foldIdentifier, loginNamesOf, normalizeEmail } from '../../rules/account-rules';
import { isCleanText } from '../../rules/text';
import { newSession, type SessionClient } from './new-session';
import type { AuthGrant } from './register';

/** One of the two identifiers, and the password. */
export type LogInInput =
  | { readonly email: string; readonly password: string }
  | { readonly username: string; readonly password: string };

export class LogIn {
  static readonly errors = ['InvalidCredentials'] as const;

  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly devices: DeviceTokens,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  /** `client`: what the request says of the client, kept with the session for its user's list. */
  async execute(input: LogInInput, client: SessionClient = {}): Outcome<AuthGrant, typeof LogIn.errors> {
    const user = await this.findAccount(input);
    // An unknown account and a wrong password look the same, in body and in time.
    // Bots have no password; answering them as fast as nobody would tell them apart.
    if (!user || user.bot) {
      await this.hasher.verifyNothing(input.password);
      return fail({ kind: 'InvalidCredentials' });
    }
    if (!(await this.hasher.verify(input.password, user.passwordHash))) return fail({ kind: 'InvalidCredentials' });

    const session = newSession(this.ids.next(), user.id, this.clock.now(), this.tokens.lifetimeSeconds, client);
    await this.sessions.create(session);
    const token = await this.tokens.issue({ userId: user.id, sessionId: session.id });
    return ok({ token, user: summarizeUser(user), deviceToken: await this.devices.issue(loginNamesOf(user)) });
  }

  private async findAccount(input: LogInInput): Promise<User | null> {
    const identifier = 'email' in input ? input.email : input.username;
    if (!isCleanText(identifier)) return null; // no account can be named so
    return 'email' in input
      ? this.users.findByEmail(normalizeEmail(input.email))
      : this.users.findByUsername(foldIdentifier(input.username));
  }
}
