export { createBot, type Bot, type BotOptions } from './bot.js';
export { BotTokens, type BotCredentials } from './bot-tokens.js';
export { ChatApiError, createRestClient, ok, type RestClient, type RestOptions } from './rest.js';
export { uploadAttachment, type Attachment } from './attachments.js';
export { connect, GatewayConnection } from './gateway/connection.js';
export { GATEWAY_EVENT_TYPES } from './gateway/event-types.js';
export type {
  Channel,
  ConnectionEvents,
  Dispatch,
  GatewayEvents,
  GatewayOptions,
  Member,
  Message,
  PresenceStatus,
  Ready,
  Server,
  WebSocketConstructor,
  WebSocketLike,
} from './gateway/types.js';
export type { components, operations, paths } from './generated/api.js';
