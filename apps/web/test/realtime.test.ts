import { GATEWAY_EVENT_TYPES, type GatewayConnection } from '@chat/client';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEvent } from '../src/model/events.js';
import type { Step } from '../src/model/state.js';
import type { Page } from '../src/page.js';
import { listen } from '../src/realtime.js';
import { message, openChannelState } from './model-mothers.js';

/** A connection that only records its listeners, and a page that only records what it applied. */
function listening() {
  const listeners = new Map<string, (data: unknown) => void>();
  const gateway = { on: (type: string, listener: (data: unknown) => void) => listeners.set(type, listener) } as unknown as GatewayConnection;
  const applied: Step[] = [];
  const page = { gateway, state: openChannelState(), apply: (step: Step) => applied.push(step) } as unknown as Page;
  listen(page, gateway);
  return { listeners, applied };
}

describe("the page's gateway listeners", () => {
  it("listens to every dispatch type of the contract, as the SDK's generated list names them", () => {
    const asyncApi = JSON.parse(readFileSync(join(__dirname, '../../../packages/client/asyncapi.json'), 'utf8'));
    const messages: { payload: { properties?: { t?: { const?: string } } } }[] = Object.values(asyncApi.channels.gateway.messages);
    const dispatches = messages.flatMap(({ payload }) => payload.properties?.t?.const ?? []);
    expect(dispatches.length).toBeGreaterThan(10);
    expect([...GATEWAY_EVENT_TYPES].sort()).toEqual([...dispatches].sort());
    const { listeners } = listening();
    expect([...listeners.keys()].sort()).toEqual([...GATEWAY_EVENT_TYPES, 'closed', 'disconnected', 'ready', 'resumed'].sort());
  });

  it('applies a dispatch to the state as applyEvent does', () => {
    const { listeners, applied } = listening();
    const created = { ...message('500', { author: { id: '200', username: 'bob', displayName: null, avatar: null } }), serverId: '10' };
    listeners.get('message.created')?.(created);
    expect(applied).toEqual([applyEvent(openChannelState(), { type: 'message.created', data: created })]);
    expect(applied[0]?.state.messages.map((m) => m.id)).toEqual(['500']);
  });

  it('does not compile an event type the contract lacks', () => {
    // @ts-expect-error 'mesage.created' is not one of the contract's event types
    const step = applyEvent(openChannelState(), { type: 'mesage.created', data: message('1') });
    expect(step.state).toEqual(openChannelState());
  });
});
