import { ClockIds, createMemoryStores, InMemoryEventHistory, InMemoryFileStore, MemoryState, memoryUnitOfWork, FixedClock, RecordedAccountNotices, SequentialInviteCodes } from '@chat/domain/testing';
import type { DeviceTokens } from '@chat/domain';
import { InProcessPresenceRegistry, InProcessSignalBus, InProcessThrottle } from '@chat/in-process';
import { ZxcvbnCommonPasswords } from '@chat/common-passwords';
import { JoseDeviceTokens, JoseTokenService } from '@chat/jose';
import { FileTypeInspector } from '@chat/file-type';
import { HmacAttachmentLinks, RandomOpaqueTokens, ScryptPasswordHasher } from '@chat/node-crypto';
import pino, { type Logger } from 'pino';
import request from 'supertest';
import { createApp } from '../src/app';
import { buildContainer, resolveServices, type Adapters } from '../src/container';
import type { IdempotencyStore } from '../src/http/idempotency';
import type { RateLimiters } from '../src/http/rate-limits';
import type { Metrics } from '../src/observability/metrics';
import type { Tracing } from '../src/observability/tracing';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** Recognizes the device tokens of every test app (they share TEST_SECRET), for limiters made before the app. */
export const testDevices: Pick<DeviceTokens, 'recognize'> = (() => {
  const devices = JoseDeviceTokens.create({ secret: TEST_SECRET });
  return { recognize: async (token, loginName) => (await devices).recognize(token, loginName) };
})();

export interface TestUser {
  readonly token: string;
  readonly id: string;
  readonly username: string;
}

/** Built once: the list is large, and the same for every test app. */
const commonPasswords = new ZxcvbnCommonPasswords();

/** The real app over in-memory stores, a fixed clock and ids from it (`ClockIds`); real tokens, hashing and common-password list. */
export async function buildTestApp(
  overrides: Partial<Adapters> = {},
  edge: { rateLimiters?: RateLimiters; trustProxy?: number; web?: boolean; idempotency?: IdempotencyStore; metrics?: Metrics; tracing?: Tracing; logger?: Logger } = {},
) {
  const state = new MemoryState();
  const stores = overrides.stores ?? createMemoryStores(state);
  const clock = overrides.clock ?? new FixedClock(new Date('2026-05-01T12:00:00.000Z'));
  const adapters: Adapters = {
    stores,
    unitOfWork: memoryUnitOfWork(stores),
    history: new InMemoryEventHistory(state),
    clock,
    ids: new ClockIds(clock),
    signals: new InProcessSignalBus(),
    throttle: new InProcessThrottle(clock),
    presence: new InProcessPresenceRegistry(clock),
    hasher: new ScryptPasswordHasher(2 ** 10),
    commonPasswords,
    notices: new RecordedAccountNotices(),
    tokens: await JoseTokenService.create({ secret: TEST_SECRET, ttlSeconds: 3600 }),
    devices: await JoseDeviceTokens.create({ secret: TEST_SECRET }),
    inviteCodes: new SequentialInviteCodes(),
    opaque: new RandomOpaqueTokens(),
    files: new InMemoryFileStore(),
    inspector: new FileTypeInspector(),
    links: new HmacAttachmentLinks({ secret: TEST_SECRET, ttlSeconds: 24 * 3600 }),
    ...overrides,
  };
  const app = createApp(resolveServices(buildContainer(adapters)), {
    logger: edge.logger ?? pino({ level: 'silent' }),
    trustProxy: edge.trustProxy ?? 0,
    rateLimiters: edge.rateLimiters ?? {},
    web: edge.web ?? false,
    checkResponses: true,
    ...(adapters.attachmentMaxBytes ? { attachmentMaxBytes: adapters.attachmentMaxBytes } : {}),
    ...(edge.idempotency ? { idempotency: edge.idempotency } : {}),
    ...(edge.metrics ? { metrics: edge.metrics } : {}),
    ...(edge.tracing ? { tracing: edge.tracing } : {}),
  });
  const http = () => request(app);
  let users = 0;

  const t = {
    app,
    adapters,
    http,

    async register(username = `user${++users}`): Promise<TestUser> {
      const res = await http().post('/api/users/register').send({ username, email: `${username}@example.com`, password: 'correct horse' });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { token: res.body.token, id: res.body.user.id, username };
    },

    async createServer(owner: TestUser, name = 'Test server') {
      const res = await http().post('/api/servers').set('Authorization', owner.token).send({ name });
      if (res.status !== 201) throw new Error(`create server failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { id: string; defaultChannelId: string; ownerId: string };
    },

    async join(user: TestUser, serverId: string, inviter: TestUser): Promise<void> {
      const invite = await http().post(`/api/servers/${serverId}/invites`).set('Authorization', inviter.token);
      const joined = await http().post(`/api/invites/${invite.body.code}`).set('Authorization', user.token);
      if (joined.status !== 200) throw new Error(`join failed: ${joined.status} ${JSON.stringify(joined.body)}`);
    },

    async send(user: TestUser, channelId: string, content: string) {
      const res = await http().post(`/api/channels/${channelId}/messages`).set('Authorization', user.token).send({ content });
      if (res.status !== 201) throw new Error(`send failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { id: string };
    },

    /** An owner with a server, and a second member of it. */
    async aServerWithMember() {
      const owner = await t.register();
      const member = await t.register();
      const server = await t.createServer(owner);
      await t.join(member, server.id, owner);
      return { owner, member, server, channelId: server.defaultChannelId };
    },
  };
  return t;
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** The problem+json body every error has, for whole-body comparison. */
export const problemBody = (status: number, title: string, code: string, extra: Record<string, unknown> = {}) => ({
  type: 'about:blank',
  title,
  status,
  detail: expect.any(String),
  code,
  requestId: expect.any(String),
  ...extra,
});
