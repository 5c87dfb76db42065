import {
  AddReaction,
  BanMember,
  ChangePassword,
  ClearReaction,
  CreateApplication,
  CreateChannel,
  CreateInvite,
  CreateServer,
  DeleteApplication,
  DeleteMessage,
  DeleteServer,
  EditMessage,
  GetMembers,
  GetMessage,
  GetMessages,
  GetServer,
  JoinByInvite,
  KickMember,
  LeaveServer,
  ListApplications,
  ListBans,
  ListChannels,
  ListInvites,
  ListMyServers,
  ListSessions,
  LogIn,
  LogOut,
  PreviewInvite,
  Register,
  RemoveReaction,
  RemoveUserReaction,
  RevokeInvite,
  RevokeOtherSessions,
  RevokeSession,
  RotateApplicationSecret,
  SendMessage,
  TransferServer,
  Unban,
  UpdateServer,
  type UseCases,
} from '@chat/domain';

/**
 * The use cases a route may name, by their key in the domain's catalogue (`createUseCases`), each with
 * its class: a route takes its error kinds and its session check from the class's statics, and is
 * handed the catalogue's instance under that key, alone. The compiler holds each class to the
 * catalogue's instance under the same key (their private fields make that check nominal), and
 * `route-types.test.ts` checks it at run time too. Use cases no route names (`authenticate`, the OAuth
 * grants, the gateway's) are left out, so no route can name them.
 */
export const ROUTED_USE_CASES = {
  register: Register,
  logIn: LogIn,
  logOut: LogOut,
  listSessions: ListSessions,
  revokeSession: RevokeSession,
  revokeOtherSessions: RevokeOtherSessions,
  changePassword: ChangePassword,
  listMyServers: ListMyServers,
  createServer: CreateServer,
  getServer: GetServer,
  updateServer: UpdateServer,
  getMembers: GetMembers,
  leaveServer: LeaveServer,
  kickMember: KickMember,
  banMember: BanMember,
  listBans: ListBans,
  unban: Unban,
  deleteServer: DeleteServer,
  transferServer: TransferServer,
  listChannels: ListChannels,
  createChannel: CreateChannel,
  createInvite: CreateInvite,
  listInvites: ListInvites,
  revokeInvite: RevokeInvite,
  joinByInvite: JoinByInvite,
  previewInvite: PreviewInvite,
  getMessages: GetMessages,
  getMessage: GetMessage,
  sendMessage: SendMessage,
  editMessage: EditMessage,
  deleteMessage: DeleteMessage,
  addReaction: AddReaction,
  removeReaction: RemoveReaction,
  removeUserReaction: RemoveUserReaction,
  clearReaction: ClearReaction,
  createApplication: CreateApplication,
  listApplications: ListApplications,
  rotateApplicationSecret: RotateApplicationSecret,
  deleteApplication: DeleteApplication,
} as const satisfies { readonly [K in keyof UseCases]?: abstract new (...args: never) => UseCases[K] };

/** A catalogue key a route may name. */
export type UseCaseKey = keyof typeof ROUTED_USE_CASES;

/** The class of the use case under `key`, with its static `errors` and `checksSession`. */
export type UseCaseClassOf<U extends UseCaseKey> = (typeof ROUTED_USE_CASES)[U];
