import type { MessageJson } from '@chat/contract';
import { InProcessPresenceRegistry, InProcessSignalBus, InProcessThrottle } from '@chat/in-process';
import { createUseCases, type Actor, type GetMessagesInput, type Quotas, type Result, type Server, type Stores, type UseCasePorts } from '../src';
import { createMemoryStores, memoryUnitOfWork } from './create-memory-stores';
import { InMemoryEventHistory } from './in-memory-event-log';
import { MemoryState } from './memory-state';
import { FakeOpaqueTokens } from './fake-opaque-tokens';
import { FakeCommonPasswords } from './fake-common-passwords';
import { RecordedAccountNotices } from './recorded-account-notices';
import { FakePasswordHasher } from './fake-password-hasher';
import { FakeDeviceTokens } from './fake-device-tokens';
import { FakeTokenService } from './fake-token-service';
import { FixedClock } from './fixed-clock';
import { ClockIds } from './clock-ids';
import { FakeAttachmentLinks } from './fake-attachment-links';
import { FakeFileInspector } from './fake-file-inspector';
import { InMemoryFileStore } from './in-memory-file-store';
import { SequentialInviteCodes } from './sequential-ids';

/** Every use case over in-memory stores and fakes: no I/O, deterministic time and ids. */
/** `quotas`: smaller ones, to reach them in a test; `settings`: a deployment's other settings. */
export function createTestWorld(state: MemoryState = new MemoryState(), stores: Stores = createMemoryStores(state), quotas?: Quotas, settings: Pick<UseCasePorts, 'presenceFanOutMaxMembers'> = {}) {
  const clock = new FixedClock();
  // Ids from the clock, as production's: what was sent before someone joined is read for them.
  const ids = new ClockIds(clock);
  const hasher = new FakePasswordHasher();
  const tokens = new FakeTokenService();
  const opaque = new FakeOpaqueTokens();
  const devices = new FakeDeviceTokens();
  const history = new InMemoryEventHistory(state);
  const notices = new RecordedAccountNotices();
  const unitOfWork = memoryUnitOfWork(stores);
  const signals = new InProcessSignalBus();
  const throttle = new InProcessThrottle(clock);
  const presence = new InProcessPresenceRegistry(clock);
  const files = new InMemoryFileStore();
  const attachmentPorts = { files, inspector: new FakeFileInspector(), links: new FakeAttachmentLinks() };
  const useCases = createUseCases({ stores, unitOfWork, history, clock, ids, hasher, commonPasswords: new FakeCommonPasswords(), notices, tokens, devices, opaque, inviteCodes: new SequentialInviteCodes(), ...attachmentPorts, signals, throttle, presence, ...(quotas ? { quotas } : {}), ...settings });
  const world = {
    stores,
    history,
    /** The bus typing and presence go out on, in this process: a test subscribes to hear it. */
    signals,
    /** Who holds gateway sockets, in this process. */
    presence,
    /** Every event recorded so far, oldest first. */
    events: () => state.events.slice(),
    clock,
    ids,
    files,
    /** Signs attachments' and avatars' links: a test compares what a use case answers with them. */
    links: attachmentPorts.links,
    tokens,
    devices,
    notices,
    ...useCases,

    /**
     * The page GetMessages answers, read back as the wire's objects: tests look into it, the app
     * only passes it on.
     */
    async readMessages(actor: Actor, channelId: string, input: GetMessagesInput = {}) {
      const page = await world.getMessages.execute(actor, channelId, input);
      return page.ok ? { ok: true as const, value: JSON.parse(page.value) as MessageJson[] } : page;
    },

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

    /** A bot of a new application, joined to the server through the inviter's invite. */
    async aBotIn(server: Server, inviter: Actor): Promise<Actor> {
      const app = expectOk(await world.createApplication.execute(await world.aUser(), { name: 'Bot' }));
      const pair = expectOk(await world.clientCredentialsGrant.execute({ clientId: app.clientId, clientSecret: app.clientSecret }));
      const bot = expectOk(await world.authenticate.execute(pair.accessToken));
      const invite = expectOk(await world.createInvite.execute(inviter, server.id));
      expectOk(await world.joinByInvite.execute(bot, invite.code));
      return bot;
    },
  };
  return world;
}

export type TestWorld = ReturnType<typeof createTestWorld>;

/** A message as the wire carries it (the contract's `messageJson`). */
export type { MessageJson };

export function expectOk<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}
