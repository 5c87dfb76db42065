import { ATTACHMENT_MAX_BYTES, DEFAULT_QUOTAS, PRESENCE_FAN_OUT_MEMBERS } from '@chat/domain';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const SECRET_VARIABLES = new Set(['JWT_SECRET', 'JWT_PREVIOUS_SECRET', 'DATABASE_URL', 'DATABASE_REPLICA_URLS', 'REDIS_URL', 'REDIS_CLUSTER_PASSWORD']);

const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]+$/, `must be an integer ${min}-${max}`)
    .transform(Number)
    .pipe(z.number().int().min(min, `must be an integer ${min}-${max}`).max(max, `must be an integer ${min}-${max}`));

const url = (protocols: readonly string[]) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false; // not a URL at all: reported below as a bad value
    }
  }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`);

/** `host:port`: a host name, an IPv4 address or a bracketed IPv6 one, and a port. */
const CLUSTER_NODE = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):([0-9]{1,5})$/;
const isClusterNode = (value: string): boolean => {
  const port = Number(CLUSTER_NODE.exec(value)?.[2]);
  return port >= 1 && port <= 65535;
};

/** `*`, or what `new URL(x).origin` gives back unchanged: a scheme, a host and maybe a port, no path. */
const isOrigin = (value: string): boolean => {
  if (value === '*') return true;
  try {
    return new URL(value).origin === value.toLowerCase().replace(/\/$/, '');
  } catch {
    return false;
  }
};

const unitMs = (unit: string | undefined): number => (unit === 'ms' ? 1 : unit === 's' ? 1_000 : unit === 'm' ? 60_000 : 3_600_000);

/** `15/10s`: at most 15 requests in each 10-second window. */
const rateLimit = (fallback: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,6}\/[1-9][0-9]{0,6}(ms|s|m|h)$/, 'must look like 15/10s (requests/window, window in ms, s, m or h)')
    .default(fallback)
    .transform((value) => {
      const [, limit, amount, unit] = /^(\d+)\/(\d+)(ms|s|m|h)$/.exec(value) ?? [];
      return { limit: Number(limit), windowMs: Number(amount) * unitMs(unit) };
    });

const envSchema = z.object({
  PORT: integer(0, 65535).default(3000),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  /** Streaming replicas of DATABASE_URL, comma-separated: the reads that tolerate one go there (see README, Read replicas). */
  DATABASE_REPLICA_URLS: z
    .string()
    .transform((value) => value.split(',').map((part) => part.trim()).filter((part) => part.length > 0))
    .pipe(z.array(url(['postgres:', 'postgresql:']), { error: 'must be postgres:// URLs separated by commas' }).min(1, 'must name at least one replica'))
    .optional(),
  /** A replica further behind than this is out of rotation until it catches up. */
  DATABASE_REPLICA_MAX_LAG_MS: integer(100, 600_000).default(2_000),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  /** A Redis Cluster's seed nodes, `host:port,host:port,…`: every Redis use on the cluster instead of one Redis. */
  REDIS_CLUSTER_NODES: z
    .string()
    .transform((value) => value.split(',').map((node) => node.trim()).filter((node) => node !== ''))
    .pipe(z.array(z.string().refine(isClusterNode, 'must be a comma-separated list of host:port (a cluster\'s seed nodes)')).min(1, 'must name at least one host:port'))
    .transform((nodes) => nodes.map((node) => {
      const [, host = '', port] = CLUSTER_NODE.exec(node) ?? [];
      return { host: host.replace(/^\[|\]$/g, ''), port: Number(port) };
    }))
    .optional(),
  /** The cluster's ACL user and its password (or `requirepass`'s alone); `REDIS_URL` carries its own. */
  REDIS_CLUSTER_USERNAME: z.string().max(256, 'must be at most 256 characters').optional(),
  REDIS_CLUSTER_PASSWORD: z.string().max(4096, 'must be at most 4096 characters').optional(),
  /** Every cluster node over TLS (the system's CAs, plus NODE_EXTRA_CA_CERTS). */
  REDIS_CLUSTER_TLS: z
    .enum(['0', '1', 'true', 'false'], { error: 'must be 1 or true (every node over TLS), or 0 or false' })
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  REDIS_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{0,64}$/, 'may hold only letters, digits, ":", "_" and "-"').default('chat:'),
  RATE_LIMIT_SEND_MESSAGE: rateLimit('15/10s'),
  RATE_LIMIT_LOGIN: rateLimit('10/60s'),
  RATE_LIMIT_LOGIN_ACCOUNT: rateLimit('10/5m'),
  RATE_LIMIT_LOGIN_NETWORK: rateLimit('100/60s'),
  RATE_LIMIT_CHANGE_PASSWORD: rateLimit('5/15m'),
  RATE_LIMIT_REGISTER: rateLimit('20/1h'),
  RATE_LIMIT_REGISTER_NETWORK: rateLimit('100/1h'),
  RATE_LIMIT_OAUTH_TOKEN: rateLimit('15/60s'),
  RATE_LIMIT_WRITES: rateLimit('60/60s'),
  RATE_LIMIT_INVITE_PREVIEW: rateLimit('30/60s'),
  RATE_LIMIT_REVOKE_SESSIONS: rateLimit('20/60s'),
  RATE_LIMIT_OPEN_CONVERSATION: rateLimit('10/60s'),
  RATE_LIMIT_UPLOAD: rateLimit('20/60s'),
  /** A client typing on repeats its POST every few seconds, in one channel at a time mostly. */
  RATE_LIMIT_TYPING: rateLimit('30/60s'),
  /** A search is heavier than a page (up to every channel of a server): a person's searching pace, not a script's. */
  RATE_LIMIT_SEARCH: rateLimit('30/30s'),
  /** An owner's bots together may send this many times one user's `RATE_LIMIT_SEND_MESSAGE`. */
  RATE_LIMIT_BOT_SEND_MULTIPLE: integer(1, 1000).default(5),
  JWT_SECRET: z
    .string()
    .refine((value) => Buffer.byteLength(value) >= 32, 'must be at least 32 bytes')
    .optional(),
  JWT_PREVIOUS_SECRET: z
    .string()
    .refine((value) => Buffer.byteLength(value) >= 32, 'must be at least 32 bytes')
    .optional(),
  JWT_TTL_SECONDS: integer(60, 365 * 24 * 3600).default(30 * 24 * 3600),
  OAUTH_ACCESS_TOKEN_TTL_SECONDS: integer(5, 24 * 3600).default(900),
  TRUST_PROXY: integer(0, 32).default(0),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  WORKER_ID: integer(0, 1023).optional(),
  SHUTDOWN_DELAY_MS: integer(0, 600_000).default(0),
  SHUTDOWN_TIMEOUT_MS: integer(0, 600_000).default(10_000),
  GATEWAY_HEARTBEAT_MS: integer(100, 600_000).default(30_000),
  GATEWAY_IDENTIFY_TIMEOUT_MS: integer(100, 600_000).default(10_000),
  GATEWAY_MAX_BUFFER_BYTES: integer(4_096, 1_073_741_824).default(1_048_576),
  GATEWAY_MAX_SOCKETS: integer(1, 10_000_000).default(20_000),
  GATEWAY_MAX_SOCKETS_PER_ADDRESS: integer(1, 10_000_000).default(256),
  GATEWAY_MAX_SOCKETS_PER_USER: integer(1, 10_000).default(16),
  GATEWAY_MAX_REPLAY_EVENTS: integer(500, 100_000_000).default(10_000),
  GATEWAY_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter((origin) => origin !== ''))
    .pipe(z.array(z.string().refine(isOrigin, 'must be a comma-separated list of origins (https://chat.example.com) or *'))),
  EVENTS_RETENTION_COUNT: integer(1, 1_000_000_000).default(100_000),
  EVENTS_RETENTION_MINUTES: integer(1, 525_600).default(15),
  DISABLE_WEB: z
    .enum(['0', '1', 'true', 'false'], { error: 'must be 1 or true (no chat page at /), or 0 or false' })
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  SCRYPT_COST: z
    .enum(['1024', '4096', '16384', '32768', '65536', '131072'], { error: 'must be a power of two 1024-131072' })
    .transform(Number)
    .default(32768),
  SCRYPT_CONCURRENCY: integer(1, 64).default(2),
  SCRYPT_QUEUE: integer(0, 10_000).default(100),
  SWEEP_INTERVAL_MS: integer(1000, 86_400_000).default(600_000),
  // Metrics have a listener of their own, on loopback unless told otherwise: never on the API's port,
  // so never public by accident. Port 0 takes any free port (logged).
  METRICS_PORT: integer(0, 65535).default(9464),
  METRICS_HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  /** OpenTelemetry's own variables: an OTLP/HTTP endpoint turns traces on (off by default). */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: url(['http:', 'https:']).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: url(['http:', 'https:']).optional(),
  OTEL_SERVICE_NAME: z.string().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional(),
  QUOTA_SERVERS_OWNED: integer(1, 1_000_000).default(DEFAULT_QUOTAS.serversOwned),
  QUOTA_CHANNELS_PER_SERVER: integer(1, 1_000_000).default(DEFAULT_QUOTAS.channelsPerServer),
  QUOTA_INVITES_PER_SERVER: integer(1, 1_000_000).default(DEFAULT_QUOTAS.invitesPerServer),
  QUOTA_APPLICATIONS: integer(1, 1_000_000).default(DEFAULT_QUOTAS.applications),
  QUOTA_BANS_PER_SERVER: integer(1, 1_000_000).default(DEFAULT_QUOTAS.bansPerServer),
  QUOTA_ROLES_PER_SERVER: integer(1, 1_000_000).default(DEFAULT_QUOTAS.rolesPerServer),
  QUOTA_CONVERSATIONS_PER_DAY: integer(1, 1_000_000).default(DEFAULT_QUOTAS.conversationsPerDay),
  QUOTA_BLOCKS: integer(1, 1_000).default(DEFAULT_QUOTAS.blocks),
  QUOTA_UPLOAD_BYTES_PER_DAY: integer(1, 2 ** 50).default(DEFAULT_QUOTAS.uploadBytesPerDay),
  ATTACHMENT_MAX_BYTES: integer(1, 5 * 1024 ** 3).default(ATTACHMENT_MAX_BYTES),
  ATTACHMENT_URL_TTL_SECONDS: integer(60, 7 * 24 * 3600).default(24 * 3600),
  /** The largest server whose members hear `presence.updated` (larger: presence on demand, `?presence=true`); 0: every server. */
  PRESENCE_FAN_OUT_MAX_MEMBERS: integer(0, 10_000_000).default(PRESENCE_FAN_OUT_MEMBERS),
  /** Files in an S3 bucket (shared by every replica) when set; on the disk under DATA_DIR otherwise. */
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lower-case letters, digits, "." and "-"').optional(),
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a region name such as us-east-1').optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false'], { error: 'must be 1 or true (the bucket in the path), or 0 or false (in the host name)' }).optional(),
});

const configSchema = envSchema.superRefine((config, ctx) => {
  if (config.REDIS_URL && config.REDIS_CLUSTER_NODES) {
    ctx.addIssue({ code: 'custom', path: ['REDIS_CLUSTER_NODES'], message: 'and REDIS_URL are both set: set one (REDIS_URL for a single Redis, REDIS_CLUSTER_NODES for a Redis Cluster)' });
  }
  for (const name of ['REDIS_CLUSTER_USERNAME', 'REDIS_CLUSTER_PASSWORD'] as const) {
    if (config[name] !== undefined && !config.REDIS_CLUSTER_NODES) ctx.addIssue({ code: 'custom', path: [name], message: 'is set but REDIS_CLUSTER_NODES is not (one Redis takes its user and password in REDIS_URL)' });
  }
  if (config.REDIS_CLUSTER_USERNAME !== undefined && config.REDIS_CLUSTER_PASSWORD === undefined) {
    ctx.addIssue({ code: 'custom', path: ['REDIS_CLUSTER_USERNAME'], message: 'is set but REDIS_CLUSTER_PASSWORD is not: an ACL user logs in with its password' });
  }
  if (config.REDIS_CLUSTER_TLS && !config.REDIS_CLUSTER_NODES) {
    ctx.addIssue({ code: 'custom', path: ['REDIS_CLUSTER_TLS'], message: 'is set but REDIS_CLUSTER_NODES is not (one Redis over TLS is a rediss:// REDIS_URL)' });
  }
  if (config.DATABASE_URL && !config.JWT_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when DATABASE_URL is set: every replica must sign with it' });
  }
  if (config.DATABASE_REPLICA_URLS && !config.DATABASE_URL) {
    ctx.addIssue({ code: 'custom', path: ['DATABASE_REPLICA_URLS'], message: 'is set but DATABASE_URL is not: replicas are of a PostgreSQL primary' });
  }
  for (const name of ['S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE'] as const) {
    if (config[name] !== undefined && !config.S3_BUCKET) ctx.addIssue({ code: 'custom', path: [name], message: 'is set but S3_BUCKET is not: files would stay on the disk' });
  }
});

export type Config = z.output<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Our variables' own families: a name in one of them that we do not know is a typo. REDIS_ and
 * DATABASE_ are left out on purpose: Kubernetes sets REDIS_PORT, DATABASE_SERVICE_HOST and the like
 * for every Service named so.
 */
const OWN_PREFIXES = ['RATE_LIMIT_', 'JWT_', 'SCRYPT_', 'SHUTDOWN_', 'GATEWAY_', 'EVENTS_', 'SWEEP_', 'QUOTA_', 'ATTACHMENT_', 'S3_'];

const describe = (present: Record<string, string | undefined>) => (issue: z.core.$ZodIssue): string => {
  const name = String(issue.path[0]);
  const shown = SECRET_VARIABLES.has(name) ? '' : ` (got ${JSON.stringify(present[name])})`;
  return `${name} ${issue.message}${shown}`;
};

/** Reads the environment once at start; every bad or unknown variable is named, no secret value is echoed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const known = new Set(Object.keys(envSchema.shape));
  const problems = Object.keys(present)
    .filter((name) => !known.has(name) && OWN_PREFIXES.some((prefix) => name.startsWith(prefix)))
    .map((name) => `${name} is not a setting of this API (a typo?)`);
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) problems.push(...parsed.error.issues.map(describe(present)));
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  return parsed.data;
}
