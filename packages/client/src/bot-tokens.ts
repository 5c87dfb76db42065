import { ChatApiError, errorOf } from './rest.js';

export interface BotCredentials {
  /** The API's base URL, `http(s)://host[:port]`. */
  readonly baseUrl: string;
  /** The application's `clientId` and `clientSecret`, as `POST /api/applications` gave them. */
  readonly clientId: string;
  readonly clientSecret: string;
  /** Defaults to the global `fetch`. */
  readonly fetch?: typeof fetch;
}

interface Held {
  readonly accessToken: string;
  /** When to renew: before the token expires, by a minute or a quarter of its life, whichever is less. */
  readonly renewAtMs: number;
}

/**
 * A bot's access token, kept live from its client credentials through the OAuth2 token endpoint.
 * Renewals are single-flight: callers that ask while one is under way share it, so a refresh token
 * is never spent twice (a second spend would revoke the whole family, and with it the bot's gateway
 * socket). A refresh token is tried once whatever happens, even when its answer is lost: after a
 * failure the next renewal starts a new family with `client_credentials` instead.
 */
export class BotTokens {
  private held: Held | undefined;
  private refreshToken: string | undefined;
  private renewal: Promise<string> | undefined;
  private readonly tokenUrl: string;

  constructor(private readonly credentials: BotCredentials) {
    this.tokenUrl = `${credentials.baseUrl.replace(/\/$/, '')}/api/oauth2/token`;
  }

  /** A live access token: the one held, or a new one when it is near its end. */
  async get(): Promise<string> {
    if (this.held && Date.now() < this.held.renewAtMs) return this.held.accessToken;
    return this.renew();
  }

  /**
   * A new token after `refused` was refused (a 401), or the current one if another call renewed it
   * meanwhile. Undefined if `refused` was never this bot's token.
   */
  async renewAfter(refused: string): Promise<string | undefined> {
    if (this.renewal) return this.renewal;
    if (this.held && this.held.accessToken !== refused) return this.held.accessToken;
    return this.held ? this.renew() : undefined;
  }

  private renew(): Promise<string> {
    this.renewal ??= this.obtain().finally(() => {
      this.renewal = undefined;
    });
    return this.renewal;
  }

  private async obtain(): Promise<string> {
    const refreshToken = this.refreshToken;
    this.refreshToken = undefined;
    if (refreshToken !== undefined) {
      try {
        return await this.request({ grant_type: 'refresh_token', refresh_token: refreshToken });
      } catch (error) {
        // Spent, expired or revoked: a new family will do. Anything else (the endpoint down, a
        // 429, the credentials refused) would fail the same way below, and is the caller's.
        if (!(error instanceof ChatApiError && error.code === 'invalid_grant')) throw error;
      }
    }
    return this.request({ grant_type: 'client_credentials' });
  }

  private async request(grant: Record<string, string>): Promise<string> {
    const startedMs = Date.now();
    const response = await (this.credentials.fetch ?? globalThis.fetch)(this.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ ...grant, client_id: this.credentials.clientId, client_secret: this.credentials.clientSecret }),
    });
    if (!response.ok) throw await errorOf(response);
    const pair: unknown = await response.json();
    if (!isTokenPair(pair)) throw new ChatApiError(response.status, 'INVALID_TOKEN_RESPONSE', {});
    const lifetimeMs = pair.expires_in * 1000;
    this.held = { accessToken: pair.access_token, renewAtMs: startedMs + lifetimeMs - Math.min(60_000, lifetimeMs / 4) };
    this.refreshToken = pair.refresh_token;
    return pair.access_token;
  }
}

function isTokenPair(value: unknown): value is { access_token: string; expires_in: number; refresh_token: string } {
  if (typeof value !== 'object' || value === null) return false;
  const pair: Record<string, unknown> = { ...value };
  return typeof pair.access_token === 'string' && typeof pair.expires_in === 'number' && typeof pair.refresh_token === 'string';
}
