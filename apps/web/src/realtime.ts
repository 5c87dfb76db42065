/** The gateway's events, applied to the page's state as they come; connection changes said in the status line. */
import { GATEWAY_EVENT_TYPES, type GatewayConnection, type GatewayEvents } from '@chat/client';
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
  // Each of the contract's event types, named by the SDK's generated list, not spelt out here: one the
  // contract adds reaches applyEvent, which leaves the page as it is for a type it does not show.
  const forward = <K extends keyof GatewayEvents>(type: K) => gateway.on(type, (data) => apply({ type, data } as GatewayEvent));
  for (const type of GATEWAY_EVENT_TYPES) forward(type);
}
