import { REFRESH_TOKEN_TTL_SECONDS, type TokenPair } from '../../entities/application';
import { fail, ok, type Outcome } from '../../result';
import { newSession } from '../accounts/new-session';
import { type ClientCredentials, type GrantPorts, authenticateClient, issuePair } from './oauth-grants';

/** `grant_type=client_credentials`: a new token family (a session of the bot) and its first pair. */
export class ClientCredentialsGrant {
  static readonly errors = ['InvalidClient'] as const;

  constructor(private readonly ports: GrantPorts) {}

  async execute(credentials: ClientCredentials): Outcome<TokenPair, typeof ClientCredentialsGrant.errors> {
    const application = await authenticateClient(this.ports, credentials);
    if (!application.ok) return application;
    const session = newSession(this.ports.ids.next(), application.value.botUserId, this.ports.clock.now(), REFRESH_TOKEN_TTL_SECONDS);
    await this.ports.sessions.create(session);
    const pair = await issuePair(this.ports, application.value, session.id);
    return pair ? ok(pair) : fail({ kind: 'InvalidClient' });
  }
}
