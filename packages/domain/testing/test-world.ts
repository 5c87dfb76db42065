import {
  AddReaction,
  ClientCredentialsGrant,
  CreateApplication,
  DeleteApplication,
  ListApplications,
  RefreshTokenGrant,
  RotateApplicationSecret,
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
  type Actor,
  type Result,
  type Server,
  type Stores,
} from '../src';
import { createMemoryStores, memoryUnitOfWork } from './create-memory-stores';
import { InMemoryEventHistory } from './in-memory-event-log';
import { MemoryState } from './memory-state';
import { FakeOpaqueTokens } from './fake-opaque-tokens';
import { FakePasswordHasher } from './fake-password-hasher';
import { FakeTokenService } from './fake-token-service';
import { FixedClock } from './fixed-clock';
import { SequentialIds, SequentialInviteCodes } from './sequential-ids';

/** Every use case over in-memory stores and fakes: no I/O, deterministic time and ids. */
export function createTestWorld(state: MemoryState = new MemoryState(), stores: Stores = createMemoryStores(state)) {
  const clock = new FixedClock();
  const ids = new SequentialIds();
  const hasher = new FakePasswordHasher();
  const tokens = new FakeTokenService();
  const opaque = new FakeOpaqueTokens();
  const { users, sessions, servers, channels, members, invites, messages, applications, refreshTokens } = stores;
  const unitOfWork = memoryUnitOfWork(stores);
  const grantPorts = { applications, refreshTokens, sessions, tokens, opaque, ids, clock, unitOfWork };
  const history = new InMemoryEventHistory(state);
  const authenticate = new Authenticate(tokens, sessions);
  const world = {
    stores,
    history,
    /** Every event recorded so far, oldest first. */
    events: () => state.events.slice(),
    clock,
    ids,
    tokens,
    register: new Register(users, sessions, hasher, tokens, ids, clock),
    logIn: new LogIn(users, sessions, hasher, tokens, ids, clock),
    logOut: new LogOut(unitOfWork),
    authenticate,
    openGatewaySession: new OpenGatewaySession(authenticate, history),
    listMyServers: new ListMyServers(servers),
    createServer: new CreateServer(unitOfWork, users, ids, clock),
    getServer: new GetServer(servers, members),
    getMembers: new GetMembers(servers, members),
    leaveServer: new LeaveServer(unitOfWork),
    listChannels: new ListChannels(servers, members, channels),
    createChannel: new CreateChannel(unitOfWork, ids, clock),
    createInvite: new CreateInvite(servers, members, invites, new SequentialInviteCodes(), clock),
    joinByInvite: new JoinByInvite(unitOfWork, clock),
    getMessages: new GetMessages(messages, sessions),
    getMessage: new GetMessage(channels, messages),
    sendMessage: new SendMessage(messages, sessions, ids, clock),
    editMessage: new EditMessage(unitOfWork, clock),
    deleteMessage: new DeleteMessage(unitOfWork),
    addReaction: new AddReaction(unitOfWork, clock),
    removeReaction: new RemoveReaction(unitOfWork),
    createApplication: new CreateApplication(users, applications, opaque, ids, clock),
    listApplications: new ListApplications(applications),
    rotateApplicationSecret: new RotateApplicationSecret(applications, users, opaque),
    deleteApplication: new DeleteApplication(applications, unitOfWork),
    clientCredentialsGrant: new ClientCredentialsGrant(grantPorts),
    refreshTokenGrant: new RefreshTokenGrant(grantPorts),

    /** Object mother: a registered user, as the actor their token stands for. */
    async aUser(username = `user${ids.next().slice(-6)}`): Promise<Actor> {
      const grant = expectOk(await world.register.execute({ username, email: `${username}@example.com`, password: 'correct horse' }));
      const actor = await tokens.verify(grant.token);
      if (!actor) throw new Error('the fake token did not verify');
      return actor;
    },

    async aServer(owner: Actor, name = 'Test server'): Promise<Server> {
      return expectOk(await world.createServer.execute(owner, { name }));
    },

    /** A second user who joined the server through an invite. */
    async aMemberOf(server: Server, inviter: Actor): Promise<Actor> {
      const member = await world.aUser();
      const invite = expectOk(await world.createInvite.execute(inviter, server.id));
      expectOk(await world.joinByInvite.execute(member, invite.code));
      return member;
    },
  };
  return world;
}

export type TestWorld = ReturnType<typeof createTestWorld>;

export function expectOk<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}
