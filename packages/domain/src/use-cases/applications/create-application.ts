import type { ApplicationView } from '../../entities/application';
import { DEFAULT_QUOTAS, type Quotas } from '../../entities/quotas';
import { quotaRefusal } from '../../rules/quota-rules';
import type { Actor } from '../../entities/session';
import { summarizeUser } from '../../entities/user';
import { validationFailed } from '../../errors';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { OpaqueTokens } from '../../ports/opaque-tokens';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { personActing } from '../access';
import { serverNameIssues } from '../../rules/name-rules';

export interface CreatedApplication extends ApplicationView {
  /** Shown this once; only its hash is kept. */
  readonly clientSecret: string;
}

/** A bot's username from its application's name: `<name>-<id digits>`, within the username rules. */
const botUsername = (name: string, id: string): string =>
  `${name.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 20) || 'bot'}-${id.slice(-8)}`;

export class CreateApplication {
  static readonly errors = ['ValidationFailed', 'InvalidToken', 'BotsCannotDoThis', 'QuotaExceeded', 'UsernameTaken', 'EmailTaken'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly secrets: OpaqueTokens,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly quotas: Quotas = DEFAULT_QUOTAS,
  ) {}

  async execute(actor: Actor, input: { readonly name: string }): Outcome<CreatedApplication, typeof CreateApplication.errors> {
    const issues = serverNameIssues(input.name);
    if (issues.length > 0) return fail(validationFailed(issues));
    // One unit: the bot user and its application exist together or not at all.
    return this.unitOfWork.run(async ({ users, applications }) => {
      // Held: racing creations count one at a time.
      const person = await personActing(users, actor, { held: true });
      if (!person.ok) return person;
      const full = quotaRefusal(this.quotas, 'applications', await applications.countByOwner(actor.userId));
      if (full) return fail(full);

      const now = this.clock.now();
      const id = this.ids.next();
      const name = input.name.trim();
      const bot = { id: this.ids.next(), username: botUsername(name, id), displayName: null, avatar: null, email: `${id}@bots.invalid`, passwordHash: '', bot: true, createdAt: now };
      const created = await users.create(bot);
      if (created !== 'created') return fail({ kind: created });

      const clientSecret = this.secrets.generate();
      const clientSecretHash = this.secrets.hash(clientSecret);
      await applications.create({ id, name, ownerId: person.value.id, botUserId: bot.id, clientId: id, clientSecretHash, createdAt: now });
      return ok({ id, name, clientId: id, clientSecret, bot: summarizeUser(bot) });
    });
  }
}
