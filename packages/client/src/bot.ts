import { BotTokens, type BotCredentials } from './bot-tokens.js';
import { connect, type GatewayConnection } from './gateway/connection.js';
import type { GatewayOptions } from './gateway/types.js';
import { createRestClient, type RestClient, type RestOptions } from './rest.js';

export interface BotOptions extends BotCredentials {
  /** As the gateway takes it: defaults to `globalThis.WebSocket`; pass `ws`'s on Node 20. */
  readonly WebSocket?: GatewayOptions['WebSocket'];
  readonly reconnect?: GatewayOptions['reconnect'];
  readonly retryOn429?: RestOptions['retryOn429'];
}

export interface Bot {
  /** The REST API as the bot: a token near its end is renewed first, and a 401 renews and retries once. */
  readonly rest: RestClient;
  /** The bot's gateway connection: each reconnect identifies or resumes with a live token. */
  readonly gateway: GatewayConnection;
  /** The bot's access token, kept live (for a request this SDK does not make for you). */
  readonly tokens: BotTokens;
  /** Closes the gateway for good. */
  close(): void;
}

/**
 * A bot that keeps itself signed in, for as long as it runs: built from its application's client
 * credentials, it gets its access token from the OAuth2 token endpoint and renews it (with the
 * refresh token, or new client credentials when that is refused) before it expires and once more
 * on a 401. The gateway asks for a token on every (re)connect, so it resumes across renewals. The
 * gateway opens at once; add listeners in the same turn.
 */
export function createBot(options: BotOptions): Bot {
  const tokens = new BotTokens(options);
  const rest = createRestClient({
    baseUrl: options.baseUrl,
    token: () => tokens.get(),
    renewToken: (refused) => tokens.renewAfter(refused),
    fetch: options.fetch,
    retryOn429: options.retryOn429,
  });
  const gateway = connect({
    baseUrl: options.baseUrl,
    token: () => tokens.get(),
    WebSocket: options.WebSocket,
    reconnect: options.reconnect,
  });
  return { rest, gateway, tokens, close: () => gateway.close() };
}
