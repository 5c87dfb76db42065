import 'reflect-metadata';
import { ACCESS_TOKEN_TTL_SECONDS, createUseCases, DEFAULT_QUOTAS, type UseCasePorts, type UseCases } from '@chat/domain';
import { ZxcvbnCommonPasswords } from '@chat/common-passwords';
import { JoseDeviceTokens, JoseTokenService } from '@chat/jose';
import { RandomInviteCodes, RandomOpaqueTokens, ScryptPasswordHasher } from '@chat/node-crypto';
import { container as rootContainer, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import type { Logger } from 'pino';
import type { Config } from './config';
import { LoggedAccountNotices } from './logged-account-notices';
import { signingSecret } from './secrets';
import type { Storage } from './storage';
import { TOKENS, type Token } from './tokens';

/** What a test or a deployment may swap: the ports the use cases are built on. */
export type Adapters = UseCasePorts;

/** The production adapters around the opened storage. */
export async function productionAdapters(config: Config, storage: Storage, logger: Logger): Promise<Adapters> {
  return {
    stores: storage.stores,
    unitOfWork: storage.unitOfWork,
    history: storage.history,
    clock: { now: () => new Date() },
    ids: storage.ids,
    hasher: new ScryptPasswordHasher(config.SCRYPT_COST, config.SCRYPT_CONCURRENCY, config.SCRYPT_QUEUE),
    commonPasswords: new ZxcvbnCommonPasswords(),
    notices: new LoggedAccountNotices(logger),
    tokens: await JoseTokenService.create({
      secret: signingSecret(config),
      ...(config.JWT_PREVIOUS_SECRET ? { previousSecret: config.JWT_PREVIOUS_SECRET } : {}),
      ttlSeconds: config.JWT_TTL_SECONDS,
    }),
    devices: await JoseDeviceTokens.create({
      secret: signingSecret(config),
      ...(config.JWT_PREVIOUS_SECRET ? { previousSecret: config.JWT_PREVIOUS_SECRET } : {}),
    }),
    inviteCodes: new RandomInviteCodes(),
    opaque: new RandomOpaqueTokens(),
    quotas: {
      serversOwned: config.QUOTA_SERVERS_OWNED,
      channelsPerServer: config.QUOTA_CHANNELS_PER_SERVER,
      invitesPerServer: config.QUOTA_INVITES_PER_SERVER,
      applications: config.QUOTA_APPLICATIONS,
      bansPerServer: config.QUOTA_BANS_PER_SERVER,
    },
    accessTokenTtlSeconds: config.OAUTH_ACCESS_TOKEN_TTL_SECONDS,
  };
}

/** Resolves a typed token as what it stands for. */
const get = <T>(c: DependencyContainer, token: Token<T>): T => c.resolve<T>(token);

/**
 * The composition root. tsyringe keeps the lifetimes: each app gets a child container of its own
 * (tests build many apps in one process and never share an adapter), holding the adapters as
 * singletons under typed tokens, and the use-case catalogue is built once per container, on first
 * use, by the domain's typed factory `createUseCases` (so the domain needs no decorators).
 */
export function buildContainer(adapters: Adapters): DependencyContainer {
  const c = rootContainer.createChildContainer();
  c.registerInstance(TOKENS.Stores, adapters.stores);
  c.registerInstance(TOKENS.UnitOfWork, adapters.unitOfWork);
  c.registerInstance(TOKENS.History, adapters.history);
  c.registerInstance(TOKENS.Clock, adapters.clock);
  c.registerInstance(TOKENS.Ids, adapters.ids);
  c.registerInstance(TOKENS.Hasher, adapters.hasher);
  c.registerInstance(TOKENS.CommonPasswords, adapters.commonPasswords);
  c.registerInstance(TOKENS.Notices, adapters.notices);
  c.registerInstance(TOKENS.Tokens, adapters.tokens);
  c.registerInstance(TOKENS.Devices, adapters.devices);
  c.registerInstance(TOKENS.InviteCodes, adapters.inviteCodes);
  c.registerInstance(TOKENS.Opaque, adapters.opaque);
  c.registerInstance(TOKENS.Quotas, adapters.quotas ?? DEFAULT_QUOTAS);
  c.registerInstance(TOKENS.AccessTokenTtl, adapters.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS);
  c.register(TOKENS.UseCases, {
    useFactory: instanceCachingFactory((x) =>
      createUseCases({
        stores: get(x, TOKENS.Stores),
        unitOfWork: get(x, TOKENS.UnitOfWork),
        history: get(x, TOKENS.History),
        clock: get(x, TOKENS.Clock),
        ids: get(x, TOKENS.Ids),
        hasher: get(x, TOKENS.Hasher),
        commonPasswords: get(x, TOKENS.CommonPasswords),
        notices: get(x, TOKENS.Notices),
        tokens: get(x, TOKENS.Tokens),
        devices: get(x, TOKENS.Devices),
        inviteCodes: get(x, TOKENS.InviteCodes),
        opaque: get(x, TOKENS.Opaque),
        quotas: get(x, TOKENS.Quotas),
        accessTokenTtlSeconds: get(x, TOKENS.AccessTokenTtl),
      }),
    ),
  });
  return c;
}

/** The use cases of this container: what the HTTP app and the gateway drive. */
export function resolveServices(c: DependencyContainer): UseCases {
  return get(c, TOKENS.UseCases);
}
