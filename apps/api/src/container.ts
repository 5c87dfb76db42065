import 'reflect-metadata';
import {
  AddReaction,
  ClientCredentialsGrant,
  CreateApplication,
  DeleteApplication,
  ListApplications,
  RefreshTokenGrant,
  RotateApplicationSecret,
  type GrantPorts,
  type OpaqueTokens,
  Authenticate,
  CreateChannel,
  CreateInvite,
  CreateServer,
  DeleteMessage,
  EditMessage,
  GetMembers,
  GetMessage,
  GetMessages,
  GetServer,
  JoinByInvite,
  LeaveServer,
  ListChannels,
  ListMyServers,
  LogIn,
  LogOut,
  Register,
  RemoveReaction,
  SendMessage,
  type Clock,
  type IdGenerator,
  type InviteCodeGenerator,
  type PasswordHasher,
  type Stores,
  type TokenService,
} from '@chat/domain';
import { JoseTokenService } from '@chat/jose';
import { RandomInviteCodes, RandomOpaqueTokens, ScryptPasswordHasher } from '@chat/node-crypto';
import { container as rootContainer, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import type { Config } from './config';
import { signingSecret } from './secrets';
import type { AppServices } from './services';
import type { Storage } from './storage';
import { TOKENS, type Token } from './tokens';

/** What a test or a deployment may swap; everything else follows from config. */
export interface Adapters {
  readonly stores: Stores;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly hasher: PasswordHasher;
  readonly tokens: TokenService;
  readonly inviteCodes: InviteCodeGenerator;
  readonly opaque: OpaqueTokens;
}

/** The production adapters around the opened storage. */
export async function productionAdapters(config: Config, storage: Storage): Promise<Adapters> {
  return {
    stores: storage.stores,
    clock: { now: () => new Date() },
    ids: storage.ids,
    hasher: new ScryptPasswordHasher(config.SCRYPT_COST),
    tokens: await JoseTokenService.create({
      secret: signingSecret(config),
      ...(config.JWT_PREVIOUS_SECRET ? { previousSecret: config.JWT_PREVIOUS_SECRET } : {}),
      ttlSeconds: config.JWT_TTL_SECONDS,
    }),
    inviteCodes: new RandomInviteCodes(),
    opaque: new RandomOpaqueTokens(),
  };
}

// tsyringe's own constructor type: the use cases' parameters vary, so the arguments cannot be narrower.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Constructor<T> = new (...args: any[]) => T;

function resolve<T>(c: DependencyContainer, token: Token<T> | Constructor<T>): T {
  return c.resolve<T>(token);
}

/** The composition root: a fresh child container per app, so tests never share state. */
export function buildContainer(adapters: Adapters): DependencyContainer {
  const c = rootContainer.createChildContainer();
  c.registerInstance(TOKENS.Stores, adapters.stores);
  c.registerInstance(TOKENS.Clock, adapters.clock);
  c.registerInstance(TOKENS.Ids, adapters.ids);
  c.registerInstance(TOKENS.Hasher, adapters.hasher);
  c.registerInstance(TOKENS.Tokens, adapters.tokens);
  c.registerInstance(TOKENS.InviteCodes, adapters.inviteCodes);
  c.registerInstance(TOKENS.Opaque, adapters.opaque);

  const useCase = <T>(type: Constructor<T>, make: (s: Stores, x: DependencyContainer) => T) =>
    c.register(type, { useFactory: instanceCachingFactory((x) => make(resolve(x, TOKENS.Stores), x)) });
  const clock = (x: DependencyContainer) => resolve(x, TOKENS.Clock);
  const ids = (x: DependencyContainer) => resolve(x, TOKENS.Ids);
  const hasher = (x: DependencyContainer) => resolve(x, TOKENS.Hasher);
  const tokens = (x: DependencyContainer) => resolve(x, TOKENS.Tokens);

  useCase(Register, (s, x) => new Register(s.users, s.sessions, hasher(x), tokens(x), ids(x), clock(x)));
  useCase(LogIn, (s, x) => new LogIn(s.users, s.sessions, hasher(x), tokens(x), ids(x), clock(x)));
  useCase(LogOut, (s) => new LogOut(s.sessions));
  useCase(Authenticate, (s, x) => new Authenticate(tokens(x), s.sessions));
  useCase(ListMyServers, (s) => new ListMyServers(s.servers));
  useCase(CreateServer, (s, x) => new CreateServer(s.servers, s.users, ids(x), clock(x)));
  useCase(GetServer, (s) => new GetServer(s.servers, s.members));
  useCase(GetMembers, (s) => new GetMembers(s.servers, s.members));
  useCase(LeaveServer, (s) => new LeaveServer(s.servers, s.members));
  useCase(ListChannels, (s) => new ListChannels(s.servers, s.members, s.channels));
  useCase(CreateChannel, (s, x) => new CreateChannel(s.servers, s.members, s.channels, ids(x), clock(x)));
  useCase(CreateInvite, (s, x) => new CreateInvite(s.servers, s.members, s.invites, resolve(x, TOKENS.InviteCodes), clock(x)));
  useCase(JoinByInvite, (s, x) => new JoinByInvite(s.invites, s.servers, s.members, clock(x)));
  useCase(GetMessages, (s) => new GetMessages(s.messages, s.sessions));
  useCase(GetMessage, (s) => new GetMessage(s.channels, s.messages));
  useCase(SendMessage, (s, x) => new SendMessage(s.messages, s.sessions, ids(x), clock(x)));
  useCase(EditMessage, (s, x) => new EditMessage(s.channels, s.messages, clock(x)));
  useCase(DeleteMessage, (s) => new DeleteMessage(s.servers, s.channels, s.messages));
  useCase(AddReaction, (s, x) => new AddReaction(s.channels, s.messages, clock(x)));
  useCase(RemoveReaction, (s) => new RemoveReaction(s.channels, s.messages));
  const opaque = (x: DependencyContainer) => resolve(x, TOKENS.Opaque);
  const grantPorts = (s: Stores, x: DependencyContainer): GrantPorts => ({
    applications: s.applications,
    refreshTokens: s.refreshTokens,
    sessions: s.sessions,
    tokens: tokens(x),
    opaque: opaque(x),
    ids: ids(x),
    clock: clock(x),
  });
  useCase(CreateApplication, (s, x) => new CreateApplication(s.users, s.applications, opaque(x), ids(x), clock(x)));
  useCase(ListApplications, (s) => new ListApplications(s.applications));
  useCase(RotateApplicationSecret, (s, x) => new RotateApplicationSecret(s.applications, s.users, opaque(x)));
  useCase(DeleteApplication, (s) => new DeleteApplication(s.applications, s.sessions));
  useCase(ClientCredentialsGrant, (s, x) => new ClientCredentialsGrant(grantPorts(s, x)));
  useCase(RefreshTokenGrant, (s, x) => new RefreshTokenGrant(grantPorts(s, x)));
  return c;
}

export function resolveServices(c: DependencyContainer): AppServices {
  return {
    register: resolve(c, Register),
    logIn: resolve(c, LogIn),
    logOut: resolve(c, LogOut),
    authenticate: resolve(c, Authenticate),
    listMyServers: resolve(c, ListMyServers),
    createServer: resolve(c, CreateServer),
    getServer: resolve(c, GetServer),
    getMembers: resolve(c, GetMembers),
    leaveServer: resolve(c, LeaveServer),
    listChannels: resolve(c, ListChannels),
    createChannel: resolve(c, CreateChannel),
    createInvite: resolve(c, CreateInvite),
    joinByInvite: resolve(c, JoinByInvite),
    getMessages: resolve(c, GetMessages),
    getMessage: resolve(c, GetMessage),
    sendMessage: resolve(c, SendMessage),
    editMessage: resolve(c, EditMessage),
    deleteMessage: resolve(c, DeleteMessage),
    addReaction: resolve(c, AddReaction),
    removeReaction: resolve(c, RemoveReaction),
    createApplication: resolve(c, CreateApplication),
    listApplications: resolve(c, ListApplications),
    rotateApplicationSecret: resolve(c, RotateApplicationSecret),
    deleteApplication: resolve(c, DeleteApplication),
    clientCredentialsGrant: resolve(c, ClientCredentialsGrant),
    refreshTokenGrant: resolve(c, RefreshTokenGrant),
  };
}
