import { EVENT_TYPES } from '../generated/events.js';
import type { GatewayEvents } from './types.js';

/**
 * Every dispatch type of the contract (the API's AsyncAPI document, as generated), for a client
 * that listens to each without spelling them out: one the contract adds is listened to on the next
 * generate, and the names are the contract's, so none can be misspelt.
 */
export const GATEWAY_EVENT_TYPES: readonly (keyof GatewayEvents)[] = Object.freeze(Object.keys(EVENT_TYPES) as (keyof GatewayEvents)[]);
