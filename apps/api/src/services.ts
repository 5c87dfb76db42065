import type {
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
} from '@chat/domain';

/** Everything the HTTP app drives: the use cases, resolved once by the composition root. */
export interface AppServices {
  readonly register: Register;
  readonly logIn: LogIn;
  readonly logOut: LogOut;
  readonly authenticate: Authenticate;
  readonly listMyServers: ListMyServers;
  readonly createServer: CreateServer;
  readonly getServer: GetServer;
  readonly getMembers: GetMembers;
  readonly leaveServer: LeaveServer;
  readonly listChannels: ListChannels;
  readonly createChannel: CreateChannel;
  readonly createInvite: CreateInvite;
  readonly joinByInvite: JoinByInvite;
  readonly getMessages: GetMessages;
  readonly getMessage: GetMessage;
  readonly sendMessage: SendMessage;
  readonly editMessage: EditMessage;
  readonly deleteMessage: DeleteMessage;
  readonly addReaction: AddReaction;
  readonly removeReaction: RemoveReaction;
  readonly createApplication: CreateApplication;
  readonly listApplications: ListApplications;
  readonly rotateApplicationSecret: RotateApplicationSecret;
  readonly deleteApplication: DeleteApplication;
  readonly clientCredentialsGrant: ClientCredentialsGrant;
  readonly refreshTokenGrant: RefreshTokenGrant;
  readonly openGatewaySession: OpenGatewaySession;
}
