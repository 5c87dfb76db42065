import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/api.js';

/** A problem+json answer of the API (RFC 9457), as an error: `code` is stable, `detail` is for people. */
export class ChatApiError extends Error {
  constructor(
    readonly status: number,
    /** The API's stable code (`NOT_FOUND`, `FORBIDDEN`, `RATE_LIMITED`, …), or `HTTP_<status>` when the body had none. */
    readonly code: string,
    readonly problem: Record<string, unknown>,
    /** For a 429: how long the API asked to wait, in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(`${status} ${code}${typeof problem.detail === 'string' ? `: ${problem.detail}` : ''}`);
    this.name = 'ChatApiError';
  }
}

export interface RestOptions {
  /** The API's base URL, `http(s)://host[:port]`. */
  readonly baseUrl: string;
  /** The token, as REST takes it; a function is asked on every request (a token that changes). */
  readonly token?: string | (() => string | undefined | Promise<string | undefined>);
  /**
   * Asked once when a request is refused 401, with the token that was refused: a new token sends
   * the request once more with it; undefined leaves the 401 as it is. (`createBot` renews here.)
   */
  readonly renewToken?: (refused: string) => Promise<string | undefined>;
  /** Defaults to the global `fetch`. */
  readonly fetch?: typeof fetch;
  /**
   * A 429 is retried after its `Retry-After`, as long as that is at most `maxWaitMs` (default 10 s)
   * and fewer than `maxRetries` (default 3) were made; `false` hands every 429 back at once.
   */
  readonly retryOn429?: false | { readonly maxWaitMs?: number; readonly maxRetries?: number };
}

export type RestClient = Client<paths>;

/**
 * The REST API, typed from its OpenAPI description (`openapi-fetch` over the generated `paths`):
 * `rest.GET('/api/servers/{serverId}', { params: { path: { serverId } } })`. A problem answer is
 * thrown as a `ChatApiError`, so `data` is there whenever the call returns; `ok()` gives it typed.
 */
export function createRestClient(options: RestOptions): RestClient {
  const baseFetch = options.fetch ?? globalThis.fetch;
  const retry = options.retryOn429 === false ? null : { maxWaitMs: 10_000, maxRetries: 3, ...options.retryOn429 };
  /** One request, with its 429s waited out as `retryOn429` allows. */
  const send = async (request: Request): Promise<Response> => {
    for (let attempt = 0; ; attempt += 1) {
      const response = await baseFetch(request.clone());
      if (response.status !== 429 || !retry || attempt >= retry.maxRetries) return response;
      const waitMs = retryAfterMs(response);
      if (waitMs === undefined || waitMs > retry.maxWaitMs) return response;
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  };
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    fetch: async (request: Request) => {
      const response = await send(request);
      const refused = request.headers.get('authorization');
      if (response.status !== 401 || !options.renewToken || !refused) return response;
      const renewed = await options.renewToken(refused);
      if (renewed === undefined || renewed === refused) return response;
      await response.body?.cancel();
      const again = request.clone();
      again.headers.set('authorization', renewed);
      return send(again);
    },
  });
  client.use({
    async onRequest({ request }) {
      const token = typeof options.token === 'function' ? await options.token() : options.token;
      if (token) request.headers.set('authorization', token);
      return request;
    },
    async onResponse({ response }) {
      if (response.ok) return response;
      throw await errorOf(response);
    },
  });
  return client;
}

/** The data of a call that did not throw (every problem throws): typed, and never undefined. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, response } = await call;
  // A 204 has no body: its data is undefined, as its type says.
  if (data === undefined && response.status !== 204) throw new ChatApiError(response.status, `HTTP_${response.status}`, {});
  return data as T;
}

function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** The error a problem answer (or an OAuth error, RFC 6749 §5.2) stands for. */
export async function errorOf(response: Response): Promise<ChatApiError> {
  let problem: Record<string, unknown> = {};
  try {
    const body: unknown = await response.clone().json();
    if (body && typeof body === 'object') problem = body as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  // An OAuth error's `error` (`invalid_client`, `invalid_grant`, …) is its code.
  const code = typeof problem.code === 'string' ? problem.code : typeof problem.error === 'string' ? problem.error : `HTTP_${response.status}`;
  return new ChatApiError(response.status, code, problem, response.status === 429 ? retryAfterMs(response) : undefined);
}
