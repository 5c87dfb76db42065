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
  OpenGatewaySession,
  type Clock,
  type EventHistory,
  type UnitOfWork,
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
  /** Transactions over the same state as `stores`: a change and its event commit together. */
  readonly unitOfWork: UnitOfWork;
  /** The event log, as gateway connections read it. */
  readonly history: EventHistory;
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
    unitOfWork: storage.unitOfWork,
    history: storage.history,
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
  c.registerInstance(TOKENS.UnitOfWork, adapters.unitOfWork);
  c.registerInstance(TOKENS.History, adapters.history);
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
  const unitOfWork = (x: DependencyContainer) => resolve(x, TOKENS.UnitOfWork);

  useCase(Register, (s, x) => new Register(s.users, s.sessions, hasher(x), tokens(x), ids(x), clock(x)));
  useCase(LogIn, (s, x) => new LogIn(s.users, s.sessions, hasher(x), tokens(x), ids(x), clock(x)));
  useCase(LogOut, (_s, x) => new LogOut(unitOfWork(x)));
  useCase(Authenticate, (s, x) => new Authenticate(tokens(x), s.sessions));
  useCase(ListMyServers, (s) => new ListMyServers(s.servers));
  useCase(CreateServer, (s, x) => new CreateServer(unitOfWork(x), s.users, ids(x), clock(x)));
  useCase(GetServer, (s) => new GetServer(s.servers, s.members));
  useCase(GetMembers, (s) => new GetMembers(s.servers, s.members));
  useCase(LeaveServer, (_s, x) => new LeaveServer(unitOfWork(x)));
  useCase(ListChannels, (s) => new ListChannels(s.servers, s.members, s.channels));
  useCase(CreateChannel, (_s, x) => new CreateChannel(unitOfWork(x), ids(x), clock(x)));
  useCase(CreateInvite, (s, x) => new CreateInvite(s.servers, s.members, s.invites, resolve(x, TOKENS.InviteCodes), clock(x)));
  useCase(JoinByInvite, (_s, x) => new JoinByInvite(unitOfWork(x), clock(x)));
  useCase(GetMessages, (s) => new GetMessages(s.messages, s.sessions));
  useCase(GetMessage, (s) => new GetMessage(s.channels, s.messages));
  useCase(SendMessage, (s, x) => new SendMessage(s.messages, s.sessions, ids(x), clock(x)));
  useCase(EditMessage, (_s, x) => new EditMessage(unitOfWork(x), clock(x)));
  useCase(DeleteMessage, (_s, x) => new DeleteMessage(unitOfWork(x)));
  useCase(AddReaction, (_s, x) => new AddReaction(unitOfWork(x), clock(x)));
  useCase(RemoveReaction, (_s, x) => new RemoveReaction(unitOfWork(x)));
  useCase(OpenGatewaySession, (_s, x) => new OpenGatewaySession(resolve(x, Authenticate), resolve(x, TOKENS.History)));
  const opaque = (x: DependencyContainer) => resolve(x, TOKENS.Opaque);
  const grantPorts = (s: Stores, x: DependencyContainer): GrantPorts => ({
    applications: s.applications,
    refreshTokens: s.refreshTokens,
    sessions: s.sessions,
    tokens: tokens(x),
    opaque: opaque(x),
    ids: ids(x),
    clock: clock(x),
    unitOfWork: unitOfWork(x),
  });
  useCase(CreateApplication, (s, x) => new CreateApplication(s.users, s.applications, opaque(x), ids(x), clock(x)));
  useCase(ListApplications, (s) => new ListApplications(s.applications));
  useCase(RotateApplicationSecret, (s, x) => new RotateApplicationSecret(s.applications, s.users, opaque(x)));
  useCase(DeleteApplication, (s, x) => new DeleteApplication(s.applications, unitOfWork(x)));
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
    openGatewaySession: resolve(c, OpenGatewaySession),
  };
}
