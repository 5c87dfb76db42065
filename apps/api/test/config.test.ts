import { ConfigError, loadConfig } from '../src/config';
import { redisTargetOf } from '../src/redis-target';

const problemsOf = (env: NodeJS.ProcessEnv): readonly string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('loadConfig', () => {
  it('starts on the embedded defaults with an empty environment', () => {
    expect(loadConfig({})).toEqual({
      PORT: 3000,
      HOST: '127.0.0.1',
      REDIS_CLUSTER_TLS: false,
      DATA_DIR: './data',
      REDIS_KEY_PREFIX: 'chat:',
      DATABASE_REPLICA_MAX_LAG_MS: 2_000,
      RATE_LIMIT_SEND_MESSAGE: { limit: 15, windowMs: 10_000 },
      RATE_LIMIT_LOGIN: { limit: 10, windowMs: 60_000 },
      RATE_LIMIT_LOGIN_ACCOUNT: { limit: 10, windowMs: 300_000 },
      RATE_LIMIT_LOGIN_NETWORK: { limit: 100, windowMs: 60_000 },
      RATE_LIMIT_CHANGE_PASSWORD: { limit: 5, windowMs: 900_000 },
      RATE_LIMIT_REGISTER: { limit: 20, windowMs: 3_600_000 },
      RATE_LIMIT_REGISTER_NETWORK: { limit: 100, windowMs: 3_600_000 },
      RATE_LIMIT_OAUTH_TOKEN: { limit: 15, windowMs: 60_000 },
      RATE_LIMIT_OPEN_CONVERSATION: { limit: 10, windowMs: 60_000 },
      RATE_LIMIT_SEARCH: { limit: 30, windowMs: 30_000 },
      RATE_LIMIT_TYPING: { limit: 30, windowMs: 60_000 },
      RATE_LIMIT_WRITES: { limit: 60, windowMs: 60_000 },
      RATE_LIMIT_INVITE_PREVIEW: { limit: 30, windowMs: 60_000 },
      RATE_LIMIT_REVOKE_SESSIONS: { limit: 20, windowMs: 60_000 },
      RATE_LIMIT_UPLOAD: { limit: 20, windowMs: 60_000 },
      RATE_LIMIT_BOT_SEND_MULTIPLE: 5,
      JWT_TTL_SECONDS: 2592000,
      OAUTH_ACCESS_TOKEN_TTL_SECONDS: 900,
      SHUTDOWN_DELAY_MS: 0,
      SHUTDOWN_TIMEOUT_MS: 10_000,
      TRUST_PROXY: 0,
      LOG_LEVEL: 'info',
      SCRYPT_COST: 32768,
      SCRYPT_CONCURRENCY: 2,
      SCRYPT_QUEUE: 100,
      SWEEP_INTERVAL_MS: 600_000,
      QUOTA_SERVERS_OWNED: 100,
      QUOTA_CHANNELS_PER_SERVER: 500,
      QUOTA_INVITES_PER_SERVER: 1000,
      QUOTA_APPLICATIONS: 25,
      QUOTA_BANS_PER_SERVER: 10_000,
      QUOTA_ROLES_PER_SERVER: 250,
      QUOTA_BLOCKS: 1000,
      QUOTA_CONVERSATIONS_PER_DAY: 50,
      QUOTA_UPLOAD_BYTES_PER_DAY: 1024 ** 3,
      ATTACHMENT_MAX_BYTES: 25 * 1024 * 1024,
      ATTACHMENT_URL_TTL_SECONDS: 86_400,
      PRESENCE_FAN_OUT_MAX_MEMBERS: 1000,
      GATEWAY_HEARTBEAT_MS: 30_000,
      GATEWAY_IDENTIFY_TIMEOUT_MS: 10_000,
      GATEWAY_MAX_BUFFER_BYTES: 1_048_576,
      GATEWAY_MAX_SOCKETS: 20_000,
      GATEWAY_MAX_SOCKETS_PER_ADDRESS: 256,
      GATEWAY_MAX_SOCKETS_PER_USER: 16,
      GATEWAY_MAX_REPLAY_EVENTS: 10_000,
      GATEWAY_ALLOWED_ORIGINS: [],
      EVENTS_RETENTION_COUNT: 100_000,
      EVENTS_RETENTION_MINUTES: 15,
      DISABLE_WEB: false,
      METRICS_PORT: 9464,
      METRICS_HOST: '127.0.0.1',
    });
  });

  it('turns the chat page off with DISABLE_WEB, and refuses a value it cannot read', () => {
    expect(loadConfig({ DISABLE_WEB: '1' }).DISABLE_WEB).toBe(true);
    expect(loadConfig({ DISABLE_WEB: 'true' }).DISABLE_WEB).toBe(true);
    expect(loadConfig({ DISABLE_WEB: '0' }).DISABLE_WEB).toBe(false);
    expect(problemsOf({ DISABLE_WEB: 'yes' })).toEqual(['DISABLE_WEB must be 1 or true (no chat page at /), or 0 or false (got "yes")']);
  });

  it('reads every variable it knows', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db:5432/chat',
      REDIS_URL: 'redis://cache:6379',
      JWT_SECRET: 's'.repeat(32),
      TRUST_PROXY: '1',
      LOG_LEVEL: 'debug',
      WORKER_ID: '7',
      SHUTDOWN_DELAY_MS: '5000',
    });
    expect(config).toEqual(
      expect.objectContaining({ PORT: 8080, HOST: '0.0.0.0', TRUST_PROXY: 1, LOG_LEVEL: 'debug', WORKER_ID: 7, SHUTDOWN_DELAY_MS: 5000 }),
    );
    expect(problemsOf({ SHUTDOWN_DELAY_MS: '5s' })).toEqual(['SHUTDOWN_DELAY_MS must be an integer 0-600000 (got "5s")']);
    expect(problemsOf({ SCRYPT_QUEUE: '-1' })).toEqual(['SCRYPT_QUEUE must be an integer 0-10000 (got "-1")']);
  });

  it('reads a bot access token lifetime of 5 s to a day', () => {
    expect(loadConfig({ OAUTH_ACCESS_TOKEN_TTL_SECONDS: '5' }).OAUTH_ACCESS_TOKEN_TTL_SECONDS).toBe(5);
    expect(problemsOf({ OAUTH_ACCESS_TOKEN_TTL_SECONDS: '4' })).toEqual(['OAUTH_ACCESS_TOKEN_TTL_SECONDS must be an integer 5-86400 (got "4")']);
  });

  it('reads GATEWAY_ALLOWED_ORIGINS as a list of origins or *, and refuses a URL with a path', () => {
    expect(loadConfig({ GATEWAY_ALLOWED_ORIGINS: 'https://chat.example.com, http://localhost:5173' }).GATEWAY_ALLOWED_ORIGINS).toEqual([
      'https://chat.example.com',
      'http://localhost:5173',
    ]);
    expect(loadConfig({ GATEWAY_ALLOWED_ORIGINS: '*' }).GATEWAY_ALLOWED_ORIGINS).toEqual(['*']);
    expect(() => loadConfig({ GATEWAY_ALLOWED_ORIGINS: 'https://chat.example.com/app' })).toThrow(/GATEWAY_ALLOWED_ORIGINS .*must be a comma-separated list of origins/);
    expect(() => loadConfig({ GATEWAY_ALLOWED_ORIGINS: 'chat.example.com' })).toThrow(/GATEWAY_ALLOWED_ORIGINS/);
  });

  it('reads rate limits as requests per window', () => {
    expect(loadConfig({ RATE_LIMIT_LOGIN: '5/30s', RATE_LIMIT_SEND_MESSAGE: '100/500ms' })).toEqual(
      expect.objectContaining({ RATE_LIMIT_LOGIN: { limit: 5, windowMs: 30_000 }, RATE_LIMIT_SEND_MESSAGE: { limit: 100, windowMs: 500 } }),
    );
    expect(problemsOf({ RATE_LIMIT_LOGIN: '5 per minute' })).toEqual([
      'RATE_LIMIT_LOGIN must look like 15/10s (requests/window, window in ms, s, m or h) (got "5 per minute")',
    ]);
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'eighty', TRUST_PROXY: 'true', LOG_LEVEL: 'loud', REDIS_URL: 'localhost:6379' });
    expect(problems.map((p) => p.split(' ')[0]).sort()).toEqual(['LOG_LEVEL', 'PORT', 'REDIS_URL', 'TRUST_PROXY']);
    expect(problems.find((p) => p.startsWith('PORT'))).toBe('PORT must be an integer 0-65535 (got "eighty")');
  });

  it("takes a cluster's user, password and TLS only beside REDIS_CLUSTER_NODES, and never echoes the password", () => {
    const nodes = { REDIS_CLUSTER_NODES: 'cache:7001' };
    expect(redisTargetOf(loadConfig({ ...nodes, REDIS_CLUSTER_USERNAME: 'chat', REDIS_CLUSTER_PASSWORD: 's3cret', REDIS_CLUSTER_TLS: 'true' }))).toEqual({
      nodes: [{ host: 'cache', port: 7001 }],
      username: 'chat',
      password: 's3cret',
      tls: {},
    });
    expect(redisTargetOf(loadConfig(nodes))).toEqual({ nodes: [{ host: 'cache', port: 7001 }] });
    expect(problemsOf({ REDIS_CLUSTER_PASSWORD: 's3cret', REDIS_URL: 'redis://cache:6379' })).toEqual([
      'REDIS_CLUSTER_PASSWORD is set but REDIS_CLUSTER_NODES is not (one Redis takes its user and password in REDIS_URL)',
    ]);
    expect(problemsOf({ REDIS_CLUSTER_TLS: 'yes', ...nodes })).toEqual(['REDIS_CLUSTER_TLS must be 1 or true (every node over TLS), or 0 or false (got "yes")']);
    expect(problemsOf({ REDIS_CLUSTER_TLS: '1' })).toEqual(['REDIS_CLUSTER_TLS is set but REDIS_CLUSTER_NODES is not (one Redis over TLS is a rediss:// REDIS_URL) (got "1")']);
    expect(problemsOf({ REDIS_CLUSTER_USERNAME: 'chat' })).toHaveLength(2);
    expect(problemsOf({ ...nodes, REDIS_CLUSTER_USERNAME: 'chat' })).toEqual(['REDIS_CLUSTER_USERNAME is set but REDIS_CLUSTER_PASSWORD is not: an ACL user logs in with its password (got "chat")']);
    expect(problemsOf({ ...nodes, REDIS_CLUSTER_PASSWORD: 'x'.repeat(5000) }).join()).not.toContain('xxxx');
  });

  it('reads REDIS_CLUSTER_NODES as host:port seed nodes, and refuses it beside REDIS_URL', () => {
    expect(loadConfig({ REDIS_CLUSTER_NODES: 'redis-0.cache:6379, 10.0.0.8:7001,[::1]:7002' }).REDIS_CLUSTER_NODES).toEqual([
      { host: 'redis-0.cache', port: 6379 },
      { host: '10.0.0.8', port: 7001 },
      { host: '::1', port: 7002 },
    ]);
    expect(problemsOf({ REDIS_CLUSTER_NODES: 'redis://cache:6379' })).toEqual([
      'REDIS_CLUSTER_NODES must be a comma-separated list of host:port (a cluster\'s seed nodes) (got "redis://cache:6379")',
    ]);
    expect(problemsOf({ REDIS_CLUSTER_NODES: 'cache:0' })).toHaveLength(1);
    expect(problemsOf({ REDIS_CLUSTER_NODES: ' , ' })).toEqual(['REDIS_CLUSTER_NODES must name at least one host:port (got " , ")']);
    expect(problemsOf({ REDIS_URL: 'redis://cache:6379', REDIS_CLUSTER_NODES: 'cache:7001' })).toEqual([
      'REDIS_CLUSTER_NODES and REDIS_URL are both set: set one (REDIS_URL for a single Redis, REDIS_CLUSTER_NODES for a Redis Cluster) (got "cache:7001")',
    ]);
  });

  it('requires JWT_SECRET with DATABASE_URL, since every replica must sign with the same key', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://db/chat' })).toEqual([
      'JWT_SECRET is required when DATABASE_URL is set: every replica must sign with it',
    ]);
  });

  it('reads DATABASE_REPLICA_URLS as a list, only beside DATABASE_URL, and never echoes it (it holds passwords)', () => {
    const primary = { DATABASE_URL: 'postgres://db/chat', JWT_SECRET: 'a-secret-of-at-least-32-bytes-0123456789' };
    expect(loadConfig({ ...primary, DATABASE_REPLICA_URLS: 'postgres://r1/chat, postgresql://u:pw@r2:5433/chat', DATABASE_REPLICA_MAX_LAG_MS: '500' })).toEqual(
      expect.objectContaining({ DATABASE_REPLICA_URLS: ['postgres://r1/chat', 'postgresql://u:pw@r2:5433/chat'], DATABASE_REPLICA_MAX_LAG_MS: 500 }),
    );
    expect(problemsOf({ ...primary, DATABASE_REPLICA_URLS: 'postgres://r1/chat,mysql://u:secret@r2/chat', DATABASE_REPLICA_MAX_LAG_MS: '5' })).toEqual([
      'DATABASE_REPLICA_URLS must be a URL starting with postgres:// or postgresql://',
      'DATABASE_REPLICA_MAX_LAG_MS must be an integer 100-600000 (got "5")',
    ]);
    expect(problemsOf({ ...primary, DATABASE_REPLICA_URLS: ' , ' })).toEqual(['DATABASE_REPLICA_URLS must name at least one replica']);
    expect(problemsOf({ DATABASE_REPLICA_URLS: 'postgres://r1/chat' })).toEqual(['DATABASE_REPLICA_URLS is set but DATABASE_URL is not: replicas are of a PostgreSQL primary']);
  });

  it('reads the S3 file store, and refuses its settings without a bucket (files would stay on the disk)', () => {
    expect(loadConfig({ S3_BUCKET: 'chat-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: '1' })).toEqual(
      expect.objectContaining({ S3_BUCKET: 'chat-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: '1' }),
    );
    expect(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-3' })).toEqual([
      'S3_ENDPOINT is set but S3_BUCKET is not: files would stay on the disk (got "http://127.0.0.1:9000")',
      'S3_REGION is set but S3_BUCKET is not: files would stay on the disk (got "eu-west-3")',
    ]);
    expect(problemsOf({ S3_BUCKET: 'Not_A_Bucket', S3_ENDPOINT: 'ftp://x', S3_BUKET: 'typo' }).map((p) => p.split(' ')[0]).sort()).toEqual(['S3_BUCKET', 'S3_BUKET', 'S3_ENDPOINT']);
  });

  it('reads the attachment limits: ATTACHMENT_MAX_BYTES, ATTACHMENT_URL_TTL_SECONDS (a minute to a week), QUOTA_UPLOAD_BYTES_PER_DAY', () => {
    expect(loadConfig({ ATTACHMENT_MAX_BYTES: '1048576', ATTACHMENT_URL_TTL_SECONDS: '3600', QUOTA_UPLOAD_BYTES_PER_DAY: '5000000' })).toEqual(
      expect.objectContaining({ ATTACHMENT_MAX_BYTES: 1_048_576, ATTACHMENT_URL_TTL_SECONDS: 3600, QUOTA_UPLOAD_BYTES_PER_DAY: 5_000_000 }),
    );
    expect(problemsOf({ ATTACHMENT_MAX_BYTES: '0', ATTACHMENT_URL_TTL_SECONDS: '59' }).map((p) => p.split(' ')[0]).sort()).toEqual(['ATTACHMENT_MAX_BYTES', 'ATTACHMENT_URL_TTL_SECONDS']);
  });

  it('reads PRESENCE_FAN_OUT_MAX_MEMBERS, 0 for no bound, and refuses at startup what is not a whole number of members', () => {
    expect(loadConfig({ PRESENCE_FAN_OUT_MAX_MEMBERS: '250' }).PRESENCE_FAN_OUT_MAX_MEMBERS).toBe(250);
    expect(loadConfig({ PRESENCE_FAN_OUT_MAX_MEMBERS: '0' }).PRESENCE_FAN_OUT_MAX_MEMBERS).toBe(0);
    for (const bad of ['-1', '1.5', 'many', '10000001']) {
      expect(problemsOf({ PRESENCE_FAN_OUT_MAX_MEMBERS: bad })).toEqual([expect.stringMatching(/^PRESENCE_FAN_OUT_MAX_MEMBERS must be an integer 0-10000000/)]);
    }
  });

  it('names a misspelt variable of our own instead of ignoring it', () => {
    expect(problemsOf({ RATE_LIMIT_LOGN: '5/30s', JWT_SECRETS: 'x', HOME: '/root' })).toEqual([
      'RATE_LIMIT_LOGN is not a setting of this API (a typo?)',
      'JWT_SECRETS is not a setting of this API (a typo?)',
    ]);
  });

  it("leaves alone the variables Kubernetes sets for Services named redis or database", () => {
    expect(() => loadConfig({ REDIS_PORT: 'tcp://10.0.0.7:6379', REDIS_SERVICE_HOST: '10.0.0.7', DATABASE_SERVICE_PORT: '5432' })).not.toThrow();
  });

  it('never echoes a secret value', () => {
    const problems = problemsOf({ JWT_SECRET: 'too-short-secret', DATABASE_URL: 'mysql://root:pw@db/chat' });
    expect(problems).toEqual(['DATABASE_URL must be a URL starting with postgres:// or postgresql://', 'JWT_SECRET must be at least 32 bytes']);
  });
});
