import { lazilyDecoded } from '@chat/contract';
import type { EncodedEvent, EventHistory, EventRelay, EventStream, LoggedEvent, OpenGatewaySession, SignalBus } from '@chat/domain';
import type { Logger } from 'pino';
import { Gateway, type GatewayOptions } from '../gateway/gateway';
import type { PresenceDeps } from '../gateway/presence-tracker';
import type { Metrics } from '../observability/metrics';
import type { CommitSignal } from './commit-signal';
import { EventReader } from './event-reader';
import { HELD_BACK_WARN_MS, RelayLoop } from './relay-loop';

/** A placed event as the log hands it on: routed by its stored route, decoded only if someone reads it. */
const loggedOf = (event: EncodedEvent): LoggedEvent =>
  lazilyDecoded(event.position, event.id, event.type, event.data, { serverId: event.serverId, subjectId: event.subjectId, channelId: event.channelId });

/** A reader that has not caught up with the log's head for this long makes the replica not ready. */
const STALL_MS = 5_000;

/**
 * Whether a reader is stuck behind the log: it has not reached where the log's head was `stallMs`
 * ago (a reader that keeps up under load is always a little behind the head of this instant).
 */
export function readerStalled(position: number, relay: { headAsOf(time: number): number }, now: number, stallMs = STALL_MS): boolean {
  return position < relay.headAsOf(now - stallMs);
}

export interface EventPipelinePorts {
  /** The log as this replica found it: its name (part of every cursor) and newest position. */
  readonly log: { readonly logId: string; readonly head: number };
  readonly relay: Pick<EventRelay, 'place' | 'prune'>;
  readonly history: Pick<EventHistory, 'after'>;
  /** The live tail between replicas (the Redis Stream); without it the reader polls the log. */
  readonly stream?: EventStream;
  /** Rung after a write on this replica committed events. */
  readonly commits: CommitSignal;
  /** Typing, from every replica, handed to the gateway live. */
  readonly signals: Pick<SignalBus, 'subscribe'>;
  readonly openSession: OpenGatewaySession;
  /** A fresh download link for a message's file (`LinkAttachment`), signed into frames. */
  readonly linkAttachment: (attachmentId: string) => string;
  /** This replica's part in presence (see `PresenceTracker`). */
  readonly presence: PresenceDeps;
  readonly logger: Logger;
  readonly metrics?: Pick<Metrics, 'attach' | 'eventsDelivered' | 'slowConsumerClosed' | 'gatewayRefused'>;
}

export interface EventPipelineOptions {
  readonly gateway: GatewayOptions;
  readonly retention: { readonly count: number; readonly minutes: number };
  /** How long one read of the stream waits for events. */
  readonly blockMs: number;
  /** How often the relay passes with no nudge (default: the relay loop's). */
  readonly relayIntervalMs?: number;
}

export interface EventPipeline {
  readonly gateway: Gateway;
  /** The reader hands on what is placed from the log's head it was given; connections catch up on the rest. */
  start(): void;
  /** Throws while this replica's reader is stuck behind the log, or events are held back (for `/ready`). */
  check(): Promise<void>;
  /** Closes the gateway's sockets (1001: their clients resume elsewhere) and stops reading and relaying. */
  stop(): void;
}

/**
 * The event pipeline of one replica, built in the order events flow: a commit rings the relay loop
 * (places committed events, publishes them to the stream), whose passes wake the reader (this
 * replica's one reader of the log), which hands every event once, in order, to the gateway. Signals
 * skip all of it: the bus hands them to the gateway as they come.
 */
export function createEventPipeline(ports: EventPipelinePorts, options: EventPipelineOptions): EventPipeline {
  const { log, stream, logger, metrics } = ports;
  const gateway: Gateway = new Gateway(
    {
      openSession: ports.openSession,
      linkAttachment: ports.linkAttachment,
      history: ports.history,
      readerPosition: (): number => reader.position,
      logId: log.logId,
      presence: ports.presence,
      logger,
      ...(metrics ? { onDelivered: () => metrics.eventsDelivered(), onSlowConsumerClosed: () => metrics.slowConsumerClosed(), onRefused: (why) => metrics.gatewayRefused(why) } : {}),
    },
    options.gateway,
  );
  // Declared after the gateway, which asks its position only once started.
  // With no socket live here, the reader reads nothing and follows the relay's head (see `EventReader`).
  const reader: EventReader = new EventReader({
    history: ports.history,
    ...(stream ? { live: stream, interest: gateway.interest, head: (): number => relay.head } : {}),
    logger,
    blockMs: options.blockMs,
  });
  const relay: RelayLoop = new RelayLoop(ports.relay, {
    ...(stream ? { publish: (events) => stream.publish(events) } : {}),
    // This replica's sockets get what it placed now; other replicas', through the stream.
    onPlaced: (placed) => {
      if (!reader.offer(placed.map(loggedOf))) reader.nudge();
    },
    logger,
    retention: options.retention,
    ...(options.relayIntervalMs === undefined ? {} : { intervalMs: options.relayIntervalMs }),
  });
  const nudge = () => relay.nudge();
  let unsubscribe = () => {};
  return {
    gateway,
    start() {
      metrics?.attach({ gatewayConnections: () => gateway.size, eventReaderLag: () => Math.max(0, relay.head - reader.position) });
      ports.commits.listen(nudge);
      unsubscribe = ports.signals.subscribe((signal) => gateway.signal(signal));
      gateway.start();
      reader.start(log.head, (events) => gateway.deliver(events));
      relay.start();
    },
    async check() {
      if (readerStalled(reader.position, relay, Date.now())) throw new Error(`the event reader is at ${reader.position}, the log at ${relay.head}`);
      if (relay.heldBackFor(Date.now()) > HELD_BACK_WARN_MS) throw new Error('committed events are held back by an open transaction');
    },
    stop() {
      ports.commits.unlisten(nudge);
      unsubscribe();
      gateway.close();
      reader.stop();
      relay.stop();
    },
  };
}
