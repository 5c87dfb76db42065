import { ACCESS_TOKEN_TTL_SECONDS } from '../entities/application';
import { DEFAULT_QUOTAS, type Quotas } from '../entities/quotas';
import { PRESENCE_FAN_OUT_MEMBERS } from '../entities/presence';
import type { Clock } from '../ports/clock';
import type { EventHistory } from '../ports/event-history';
import type { IdGenerator } from '../ports/id-generator';
import type { InviteCodeGenerator } from '../ports/invite-code-generator';
import type { OpaqueTokens } from '../ports/opaque-tokens';
import type { AccountNotices } from '../ports/account-notices';
import type { CommonPasswords } from '../ports/common-passwords';
import type { PasswordHasher } from '../ports/password-hasher';
import type { Stores } from '../ports/stores';
import type { TokenService } from '../ports/token-service';
import type { DeviceTokens } from '../ports/device-tokens';
import type { SignalBus } from '../ports/signal-bus';
import type { Throttle } from '../ports/throttle';
import type { PresenceRegistry } from '../ports/presence-registry';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { AttachmentLinks } from '../ports/attachment-links';
import type { FileInspector } from '../ports/file-inspector';
import type { FileStore } from '../ports/file-store';
import { LinkAttachment } from './attachments/link-attachment';
import { OpenAttachment } from './attachments/open-attachment';
import { UploadAttachment } from './attachments/upload-attachment';
import { Authenticate } from './accounts/authenticate';
import { ChangePassword } from './accounts/change-password';
import { GetAccount } from './accounts/get-account';
import { GetUserProfile } from './accounts/get-user-profile';
import { UpdateAccount } from './accounts/update-account';
import { ListSessions } from './accounts/list-sessions';
import { LogIn } from './accounts/log-in';
import { LogOut } from './accounts/log-out';
import { Register } from './accounts/register';
import { RevokeOtherSessions } from './accounts/revoke-other-sessions';
import { RevokeSession } from './accounts/revoke-session';
import { TouchSession } from './accounts/touch-session';
import { BlockUser } from './blocks/block-user';
import { ListBlocks } from './blocks/list-blocks';
import { UnblockUser } from './blocks/unblock-user';
import { ClientCredentialsGrant } from './applications/client-credentials-grant';
import { CreateApplication } from './applications/create-application';
import { DeleteApplication } from './applications/delete-application';
import { ListApplications } from './applications/list-applications';
import { RefreshTokenGrant } from './applications/refresh-token-grant';
import { RotateApplicationSecret } from './applications/rotate-application-secret';
import { AddRecipient } from './conversations/add-recipient';
import { ListConversations } from './conversations/list-conversations';
import { OpenConversation } from './conversations/open-conversation';
import { RemoveRecipient } from './conversations/remove-recipient';
import { OpenGatewaySession } from './gateway/open-gateway-session';
import { ConnectSocket } from './presence/connect-socket';
import { DisconnectSocket } from './presence/disconnect-socket';
import { KeepPresence } from './presence/keep-presence';
import { MovePresence } from './presence/move-presence';
import { ReadPresences, readyPresenceMembers } from './presence/read-presences';
import { SetPresence } from './presence/set-presence';
import { AddReaction } from './messages/add-reaction';
import { ClearReaction } from './messages/clear-reaction';
import { GetPins } from './messages/get-pins';
import { PinMessage } from './messages/pin-message';
import { UnpinMessage } from './messages/unpin-message';
import { DeleteMessage } from './messages/delete-message';
import { EditMessage } from './messages/edit-message';
import { GetMessage } from './messages/get-message';
import { GetMessages } from './messages/get-messages';
import { RemoveReaction } from './messages/remove-reaction';
import { RemoveUserReaction } from './messages/remove-user-reaction';
import { SearchDirectMessages, SearchMessages } from './messages/search-messages';
import { SendMessage } from './messages/send-message';
import { ListReadStates } from './read-states/list-read-states';
import { MarkRead } from './read-states/mark-read';
import { StartTyping } from './messages/start-typing';
import { BanMember } from './moderation/ban-member';
import { KickMember } from './moderation/kick-member';
import { ListBans } from './moderation/list-bans';
import { Unban } from './moderation/unban';
import { AddMemberRole } from './roles/add-member-role';
import { CreateRole } from './roles/create-role';
import { DeleteRole } from './roles/delete-role';
import { ListRoles } from './roles/list-roles';
import { RemoveMemberRole } from './roles/remove-member-role';
import { UpdateRole } from './roles/update-role';
import { DeleteChannel } from './channels/delete-channel';
import { RemoveChannelOverwrite } from './channels/remove-channel-overwrite';
import { SetChannelOverwrite } from './channels/set-channel-overwrite';
import { UpdateChannel } from './channels/update-channel';
import { CreateChannel } from './servers/create-channel';
import { CreateInvite } from './servers/create-invite';
import { CreateServer } from './servers/create-server';
import { DeleteServer } from './servers/delete-server';
import { GetMembers } from './servers/get-members';
import { GetServer } from './servers/get-server';
import { JoinByInvite } from './servers/join-by-invite';
import { LeaveServer } from './servers/leave-server';
import { ListChannels } from './servers/list-channels';
import { ListInvites } from './servers/list-invites';
import { ListMyServers } from './servers/list-my-servers';
import { PreviewInvite } from './servers/preview-invite';
import { RevokeInvite } from './servers/revoke-invite';
import { TransferServer } from './servers/transfer-server';
import { UpdateServer } from './servers/update-server';

/** Every port a use case may need: what a deployment (or a test) plugs in. */
export interface UseCasePorts {
  readonly stores: Stores;
  /** Transactions over the same state as `stores`: a change and its event commit together. */
  readonly unitOfWork: UnitOfWork;
  /** The event log, as gateway connections read it. */
  readonly history: EventHistory;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly hasher: PasswordHasher;
  /** The passwords a new password may not be. */
  readonly commonPasswords: CommonPasswords;
  /** How an account's owner is told of what others tried with it. */
  readonly notices: AccountNotices;
  readonly tokens: TokenService;
  readonly devices: DeviceTokens;
  readonly inviteCodes: InviteCodeGenerator;
  readonly opaque: OpaqueTokens;
  /** Typing and presence between replicas (Redis pub/sub; in this process without Redis). */
  readonly signals: SignalBus;
  /** Who holds gateway sockets where, shared by every replica (Redis; in this process without it). */
  readonly presence: PresenceRegistry;
  /** How often a signal may go out, shared by every replica. */
  readonly throttle: Throttle;
  /** How much one user may own; `DEFAULT_QUOTAS` when left out. */
  readonly quotas?: Quotas;
  /** A bot's access-token lifetime; `ACCESS_TOKEN_TTL_SECONDS` (15 minutes) when left out. */
  readonly accessTokenTtlSeconds?: number;
  /** Where uploaded files' bytes live. */
  readonly files: FileStore;
  /** Tells an upload's type (and an image's size) from its bytes. */
  readonly inspector: FileInspector;
  /** Signs and checks attachments' download links. */
  readonly links: AttachmentLinks;
  /** The largest upload, in bytes; `ATTACHMENT_MAX_BYTES` (25 MiB) when left out. */
  readonly attachmentMaxBytes?: number;
  /** The largest server that hears `presence.updated` (0: every server); `PRESENCE_FAN_OUT_MEMBERS` (1,000) when left out. */
  readonly presenceFanOutMaxMembers?: number;
}

/**
 * The one catalogue of use cases: the only place a use case is registered. The composition root and
 * the test world both call it, so what the app drives and what the tests drive cannot differ; its
 * return type is the app's `UseCases`.
 */
export function createUseCases(ports: UseCasePorts) {
  const { stores, unitOfWork, history, clock, ids, hasher, commonPasswords, notices, tokens, devices, inviteCodes, opaque, signals, throttle, presence, quotas = DEFAULT_QUOTAS, files, inspector, links } = ports;
  const accessTokenTtlSeconds = ports.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS;
  const { users, sessions, servers, members, messages, applications, refreshTokens, blocks } = stores;
  const fanOut = { members, maxMembers: ports.presenceFanOutMaxMembers ?? PRESENCE_FAN_OUT_MEMBERS };
  const grants = { applications, refreshTokens, sessions, tokens, opaque, ids, clock, unitOfWork, accessTokenTtlSeconds };
  const authenticate = new Authenticate(tokens, sessions);
  return {
    register: new Register(users, sessions, hasher, tokens, devices, ids, clock, commonPasswords, notices),
    logIn: new LogIn(users, sessions, hasher, tokens, devices, ids, clock),
    logOut: new LogOut(unitOfWork),
    authenticate,
    touchSession: new TouchSession(sessions, clock),
    listSessions: new ListSessions(sessions, clock),
    revokeSession: new RevokeSession(unitOfWork),
    revokeOtherSessions: new RevokeOtherSessions(unitOfWork),
    changePassword: new ChangePassword(users, hasher, unitOfWork, commonPasswords),
    getAccount: new GetAccount(users),
    updateAccount: new UpdateAccount(unitOfWork, links),
    getUserProfile: new GetUserProfile(users),
    openGatewaySession: new OpenGatewaySession(authenticate, history),
    connectSocket: new ConnectSocket(presence, signals, fanOut),
    disconnectSocket: new DisconnectSocket(presence, signals, fanOut),
    setPresence: new SetPresence(presence, signals, fanOut),
    keepPresence: new KeepPresence(presence, signals, stores, fanOut),
    movePresence: new MovePresence(presence),
    readPresences: new ReadPresences(presence, stores, readyPresenceMembers(fanOut.maxMembers)),
    listMyServers: new ListMyServers(servers),
    createServer: new CreateServer(unitOfWork, ids, clock, quotas),
    getServer: new GetServer(servers, members),
    updateServer: new UpdateServer(unitOfWork, links),
    getMembers: new GetMembers(servers, members, presence),
    leaveServer: new LeaveServer(unitOfWork),
    kickMember: new KickMember(unitOfWork),
    banMember: new BanMember(unitOfWork, clock, quotas),
    listBans: new ListBans(stores),
    unban: new Unban(unitOfWork),
    deleteServer: new DeleteServer(unitOfWork),
    transferServer: new TransferServer(unitOfWork, quotas),
    listChannels: new ListChannels(stores),
    createChannel: new CreateChannel(unitOfWork, ids, clock, quotas),
    listRoles: new ListRoles(stores),
    createRole: new CreateRole(unitOfWork, ids, clock, quotas),
    updateRole: new UpdateRole(unitOfWork),
    deleteRole: new DeleteRole(unitOfWork),
    addMemberRole: new AddMemberRole(unitOfWork),
    removeMemberRole: new RemoveMemberRole(unitOfWork),
    updateChannel: new UpdateChannel(unitOfWork),
    deleteChannel: new DeleteChannel(unitOfWork),
    setChannelOverwrite: new SetChannelOverwrite(unitOfWork),
    removeChannelOverwrite: new RemoveChannelOverwrite(unitOfWork),
    createInvite: new CreateInvite(unitOfWork, inviteCodes, clock, quotas),
    listInvites: new ListInvites(stores, clock),
    revokeInvite: new RevokeInvite(unitOfWork),
    joinByInvite: new JoinByInvite(unitOfWork, clock, presence, signals, fanOut),
    previewInvite: new PreviewInvite(stores, clock),
    openConversation: new OpenConversation(unitOfWork, ids, clock, quotas),
    listConversations: new ListConversations(stores.conversations),
    addRecipient: new AddRecipient(unitOfWork, clock, quotas),
    removeRecipient: new RemoveRecipient(unitOfWork),
    getMessages: new GetMessages(messages),
    getMessage: new GetMessage(stores),
    sendMessage: new SendMessage(messages, ids, clock),
    searchMessages: new SearchMessages(stores),
    searchDirectMessages: new SearchDirectMessages(stores),
    startTyping: new StartTyping(stores, throttle, signals, clock),
    editMessage: new EditMessage(unitOfWork, clock),
    deleteMessage: new DeleteMessage(unitOfWork),
    addReaction: new AddReaction(unitOfWork, clock),
    removeReaction: new RemoveReaction(unitOfWork),
    removeUserReaction: new RemoveUserReaction(unitOfWork),
    clearReaction: new ClearReaction(unitOfWork),
    pinMessage: new PinMessage(unitOfWork, clock),
    unpinMessage: new UnpinMessage(unitOfWork),
    getPins: new GetPins(messages),
    markRead: new MarkRead(unitOfWork),
    listReadStates: new ListReadStates(stores.readStates),
    createApplication: new CreateApplication(unitOfWork, opaque, ids, clock, quotas),
    listApplications: new ListApplications(applications),
    rotateApplicationSecret: new RotateApplicationSecret(applications, users, opaque),
    deleteApplication: new DeleteApplication(applications, unitOfWork),
    clientCredentialsGrant: new ClientCredentialsGrant(grants),
    refreshTokenGrant: new RefreshTokenGrant(grants),
    blockUser: new BlockUser(unitOfWork, clock, quotas),
    unblockUser: new UnblockUser(users, blocks),
    listBlocks: new ListBlocks(blocks),
    uploadAttachment: new UploadAttachment({ stores, unitOfWork, files, inspector, links, ids, clock, quotas, ...(ports.attachmentMaxBytes ? { maxBytes: ports.attachmentMaxBytes } : {}) }),
    openAttachment: new OpenAttachment(stores.attachments, files, links, clock, stores),
    linkAttachment: new LinkAttachment(links, clock),
  } as const;
}

/** Everything the app drives: the use cases, built once per app by `createUseCases`. */
export type UseCases = ReturnType<typeof createUseCases>;
