import 'reflect-metadata';
import { createUseCases, type UseCasePorts, type UseCases } from '@chat/domain';
import { ZxcvbnCommonPasswords } from '@chat/common-passwords';
import { JoseDeviceTokens, JoseTokenService } from '@chat/jose';
import { FileTypeInspector } from '@chat/file-type';
import { HmacAttachmentLinks, RandomInviteCodes, RandomOpaqueTokens, ScryptPasswordHasher } from '@chat/node-crypto';
import { container as rootContainer, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import type { Logger } from 'pino';
import type { Config } from './config';
import { LoggedAccountNotices } from './observability/logged-account-notices';
import { signingSecret } from './storage/secrets';
import type { Storage } from './storage/storage';
import type { Signals } from './signals/open-signals';

/** What a test or a deployment may swap: the ports the use cases are built on. */
export type Adapters = UseCasePorts;

/** The system's clock. */
export const systemClock = { now: () => new Date() };

/** The production adapters around the opened storage and signals. */
export async function productionAdapters(config: Config, storage: Storage, signals: Signals, logger: Logger): Promise<Adapters> {
  return {
    stores: storage.stores,
    unitOfWork: storage.unitOfWork,
    history: storage.history,
    clock: systemClock,
    signals: signals.bus,
    throttle: signals.throttle,
    presence: signals.presence,
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
      rolesPerServer: config.QUOTA_ROLES_PER_SERVER,
      conversationsPerDay: config.QUOTA_CONVERSATIONS_PER_DAY,
      blocks: config.QUOTA_BLOCKS,
      uploadBytesPerDay: config.QUOTA_UPLOAD_BYTES_PER_DAY,
    },
    accessTokenTtlSeconds: config.OAUTH_ACCESS_TOKEN_TTL_SECONDS,
    files: storage.files,
    inspector: new FileTypeInspector(),
    links: new HmacAttachmentLinks({
      secret: signingSecret(config),
      ...(config.JWT_PREVIOUS_SECRET ? { previousSecret: config.JWT_PREVIOUS_SECRET } : {}),
      ttlSeconds: config.ATTACHMENT_URL_TTL_SECONDS,
    }),
    attachmentMaxBytes: config.ATTACHMENT_MAX_BYTES,
    presenceFanOutMaxMembers: config.PRESENCE_FAN_OUT_MAX_MEMBERS,
  };
}

/** A symbol that remembers what it stands for, so resolving it is type-checked. */
type Token<T> = symbol & { readonly __type?: T };

const token = <T>(name: string): Token<T> => Symbol(name);

/** What the container holds: the adapters a deployment (or a test) plugs in, and the use cases built on them. */
const TOKENS = {
  Adapters: token<Adapters>('Adapters'),
  UseCases: token<UseCases>('UseCases'),
} as const;

/** Resolves a typed token as what it stands for. */
const get = <T>(c: DependencyContainer, token: Token<T>): T => c.resolve<T>(token);

/**
 * The composition root, and the one place lifetimes are decided. Each app gets a child container
 * of its own (tests build many apps in one process and never share an adapter); in it the adapters
 * are one instance, as given, and the use-case catalogue is built from them once, on first use, by
 * the domain's typed factory `createUseCases` (so the domain needs no decorators). Nothing resolves
 * a port by itself: the use cases are the only thing the app asks for, so the ports are not
 * registered one by one only to be resolved back into the same object.
 */
export function buildContainer(adapters: Adapters): DependencyContainer {
  const c = rootContainer.createChildContainer();
  c.registerInstance(TOKENS.Adapters, adapters);
  c.register(TOKENS.UseCases, { useFactory: instanceCachingFactory((x) => createUseCases(get(x, TOKENS.Adapters))) });
  return c;
}

/** The use cases of this container: what the HTTP app and the gateway drive. */
export function resolveServices(c: DependencyContainer): UseCases {
  return get(c, TOKENS.UseCases);
}
