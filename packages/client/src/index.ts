export { createBot, type Bot, type BotOptions } from './bot.js';
export { BotTokens, type BotCredentials } from './bot-tokens.js';
export { ChatApiError, createRestClient, ok, type RestClient, type RestOptions } from './rest.js';
export {
  connect,
  GatewayConnection,
  type Channel,
  type ConnectionEvents,
  type Dispatch,
  type GatewayEvents,
  type GatewayOptions,
  type Member,
  type Message,
  type Ready,
  type Server,
  type WebSocketConstructor,
  type WebSocketLike,
} from './gateway.js';
export type { components, operations, paths } from './generated/api.js';
