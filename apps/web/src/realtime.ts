/** The gateway's events, applied to the page's state as they come; connection changes said in the status line. */
import type { GatewayConnection } from '@chat/client';
import { applyEvent } from './model/events.js';
import { ready } from './model/servers.js';
import type { GatewayEvent } from './model/state.js';
import type { Page } from './page.js';
import { setStatus } from './views/feedback.js';

export function listen(page: Page, gateway: GatewayConnection): void {
  // A connection of a session that has ended (or been replaced) changes nothing.
  const mine = () => page.gateway === gateway;
  const apply = (event: GatewayEvent) => mine() && page.apply(applyEvent(page.state, event));
  gateway.on('ready', (data) => mine() && page.apply(ready(page.state, data)));
  gateway.on('resumed', () => mine() && setStatus(page.el, 'Connected'));
  gateway.on('disconnected', ({ willReconnect }) => mine() && setStatus(page.el, willReconnect ? 'Reconnecting…' : 'Disconnected'));
  gateway.on('closed', ({ code }) => mine() && code === 4004 && page.endSession('Your session has ended. Please log in again.'));
  gateway.on('message.created', (data) => apply({ type: 'message.created', data }));
  gateway.on('message.updated', (data) => apply({ type: 'message.updated', data }));
  gateway.on('message.deleted', (data) => apply({ type: 'message.deleted', data }));
  gateway.on('reaction.added', (data) => apply({ type: 'reaction.added', data }));
  gateway.on('reaction.removed', (data) => apply({ type: 'reaction.removed', data }));
  gateway.on('reaction.cleared', (data) => apply({ type: 'reaction.cleared', data }));
  gateway.on('server.updated', (data) => apply({ type: 'server.updated', data }));
  gateway.on('server.deleted', (data) => apply({ type: 'server.deleted', data }));
  gateway.on('member.joined', (data) => apply({ type: 'member.joined', data }));
  gateway.on('member.left', (data) => apply({ type: 'member.left', data }));
  gateway.on('channel.created', (data) => apply({ type: 'channel.created', data }));
}
