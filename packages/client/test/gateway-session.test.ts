import { connect, type GatewayConnection, type GatewayOptions, type WebSocketLike } from '@chat/client';
import { backoffDelay, reconnectsAfter } from '../src/gateway/reconnect.js';

/*
 * The SDK's gateway state machine against a scripted socket, in one process with fake timers: what
 * it sends on each frame, what it hands its listeners, and when it opens another socket. The e2e
 * suite (gateway.e2e.test.ts) runs the same machine against real replicas over cut networks.
 */

type Frame = { op: string; d?: Record<string, unknown>; t?: string; cursor?: string };

/** A WebSocket the test plays the gateway on: every one opened, what each was sent, how it was closed. */
function scriptedSockets() {
  const opened: ScriptedSocket[] = [];
  class ScriptedSocket implements WebSocketLike {
    readyState = 1;
    readonly sent: Frame[] = [];
    closedWith: { code?: number; reason?: string } | undefined;
    onmessage: WebSocketLike['onmessage'] = null;
    onclose: WebSocketLike['onclose'] = null;
    onerror: WebSocketLike['onerror'] = null;
    constructor(readonly url: string) {
      opened.push(this);
    }
    send(data: string): void {
      this.sent.push(JSON.parse(data));
    }
    close(code?: number, reason?: string): void {
      this.closedWith = { code, reason };
      this.readyState = 3;
    }
    /** The gateway sends `frame`. */
    receive(frame: Frame): void {
      this.onmessage?.({ data: JSON.stringify(frame) });
    }
    /** The gateway (or the network) closes the socket. */
    drop(code: number, reason = ''): void {
      this.readyState = 3;
      this.onclose?.({ code, reason });
    }
  }
  return { WebSocket: ScriptedSocket, opened, last: () => opened[opened.length - 1]! };
}

/** Lets the awaited token (a promise, even for a string) come. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

const READY = { user: { id: '1', username: 'ann' }, servers: [], cursor: 'log1-5' };
const message = (id: string) => ({ id, channelId: '7', serverId: '6', content: `m${id}`, createdAt: '', editedAt: null, author: READY.user, reactions: [] });
const dispatch = (cursor: string, id: string, t = 'message.created'): Frame => ({ op: 'dispatch', t, cursor, d: message(id) });

describe('the SDK’s gateway session', () => {
  let gateway: GatewayConnection | undefined;
  let sockets: ReturnType<typeof scriptedSockets>;
  let seen: string[];

  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
    sockets = scriptedSockets();
    seen = [];
  });
  afterEach(() => {
    gateway?.close();
    jest.useRealTimers();
  });

  function open(options: Partial<GatewayOptions> = {}): GatewayConnection {
    gateway = connect({ baseUrl: 'https://chat.example', token: 'a token', WebSocket: sockets.WebSocket, ...options });
    gateway.on('ready', ({ reason, cursor }) => void seen.push(`ready ${reason} ${cursor}`));
    gateway.on('resumed', ({ replayed }) => void seen.push(`resumed ${replayed}`));
    gateway.on('message.created', ({ id }) => void seen.push(`message ${id}`));
    gateway.on('dispatch', ({ t, cursor }) => void seen.push(`dispatch ${t} ${cursor}`));
    gateway.on('disconnected', ({ code, willReconnect }) => void seen.push(`disconnected ${code} ${willReconnect}`));
    gateway.on('closed', ({ code }) => void seen.push(`closed ${code}`));
    return gateway;
  }

  async function identified(): Promise<void> {
    sockets.last().receive({ op: 'hello', d: { heartbeatInterval: 60_000 } });
    await settle();
    sockets.last().receive({ op: 'ready', d: READY });
  }

  it('opens the gateway’s URL, identifies on hello, and hands over ready with reason connect', async () => {
    open();
    await identified();
    expect({ url: sockets.last().url, sent: sockets.last().sent, seen }).toEqual({
      url: 'wss://chat.example/api/gateway',
      sent: [{ op: 'identify', d: { token: 'a token' } }],
      seen: ['ready connect log1-5'],
    });
  });

  it('hands over each dispatch once: one at or before the last cursor is dropped; an unknown type reaches `dispatch` only', async () => {
    const g = open();
    await identified();
    for (const frame of [dispatch('log1-6', 'a'), dispatch('log1-6', 'a'), dispatch('log1-4', 'z'), dispatch('log1-7', 'b', 'poll.created')]) sockets.last().receive(frame);
    expect({ seen, cursor: g.cursor }).toEqual({
      seen: ['ready connect log1-5', 'dispatch message.created log1-6', 'message a', 'dispatch poll.created log1-7'],
      cursor: 'log1-7',
    });
  });

  it('hands over a signal (no cursor) every time it comes, leaving the resume point where it was', async () => {
    const g = open();
    g.on('typing.started', ({ userId }) => void seen.push(`typing ${userId}`));
    await identified();
    const typing: Frame = { op: 'dispatch', t: 'typing.started', d: { channelId: '2', serverId: '3', userId: '4', expiresAt: '2026-11-01T10:00:10.000Z' } };
    for (const frame of [dispatch('log1-6', 'a'), typing, typing]) sockets.last().receive(frame);
    expect({ seen, cursor: g.cursor }).toEqual({
      seen: ['ready connect log1-5', 'dispatch message.created log1-6', 'message a', 'dispatch typing.started undefined', 'typing 4', 'dispatch typing.started undefined', 'typing 4'],
      cursor: 'log1-6',
    });
  });

  it('after a drop, reconnects and resumes from the last cursor it handed over', async () => {
    open({ reconnect: { minDelayMs: 100, maxDelayMs: 100 } });
    await identified();
    sockets.last().receive(dispatch('log1-6', 'a'));
    sockets.last().drop(1006);
    jest.advanceTimersByTime(100);
    sockets.last().receive({ op: 'hello', d: { heartbeatInterval: 60_000 } });
    await settle();
    sockets.last().receive({ op: 'resumed', d: { replayed: 0 } });
    expect({ sockets: sockets.opened.length, sent: sockets.last().sent, seen: seen.slice(-2) }).toEqual({
      sockets: 2,
      sent: [{ op: 'resume', d: { token: 'a token', cursor: 'log1-6' } }],
      seen: ['disconnected 1006 true', 'resumed 0'],
    });
  });

  it('on invalid_session, identifies again on the same socket and hands over ready with reason invalid_session', async () => {
    open({ reconnect: { minDelayMs: 100, maxDelayMs: 100 } });
    await identified();
    sockets.last().drop(1001);
    jest.advanceTimersByTime(100);
    sockets.last().receive({ op: 'hello', d: { heartbeatInterval: 60_000 } });
    await settle();
    sockets.last().receive({ op: 'invalid_session' });
    await settle();
    sockets.last().receive({ op: 'ready', d: { ...READY, cursor: 'log1-40' } });
    expect({ sent: sockets.last().sent, seen: seen.slice(-2) }).toEqual({
      sent: [
        { op: 'resume', d: { token: 'a token', cursor: 'log1-5' } },
        { op: 'identify', d: { token: 'a token' } },
      ],
      seen: ['disconnected 1001 true', 'ready invalid_session log1-40'],
    });
  });

  it('tells the presence chosen: in identify, as an op once up (once per change), and in the resume after a drop', async () => {
    const g = open({ reconnect: { minDelayMs: 100, maxDelayMs: 100 } });
    g.setPresence('dnd');
    await identified();
    g.setPresence('dnd');
    g.setPresence('idle');
    g.setPresence('idle');
    const first = sockets.last().sent;
    sockets.last().drop(1006);
    g.setPresence('invisible');
    jest.advanceTimersByTime(100);
    sockets.last().receive({ op: 'hello', d: { heartbeatInterval: 60_000 } });
    await settle();
    sockets.last().receive({ op: 'resumed', d: { replayed: 0 } });

    expect({ first, second: sockets.last().sent }).toEqual({
      first: [
        { op: 'identify', d: { token: 'a token', presence: { status: 'dnd' } } },
        { op: 'presence', d: { status: 'idle' } },
      ],
      second: [{ op: 'resume', d: { token: 'a token', cursor: 'log1-5', presence: { status: 'invisible' } } }],
    });
  });

  it('sends no presence op between invalid_session and the next ready: the identify carries it, or the op follows ready', async () => {
    const g = open({ reconnect: { minDelayMs: 100, maxDelayMs: 100 } });
    await identified();
    sockets.last().receive({ op: 'invalid_session' });
    g.setPresence('idle');
    await settle();
    g.setPresence('dnd');
    sockets.last().receive({ op: 'ready', d: { ...READY, cursor: 'log1-40' } });

    expect(sockets.last().sent).toEqual([
      { op: 'identify', d: { token: 'a token' } },
      { op: 'identify', d: { token: 'a token', presence: { status: 'idle' } } },
      { op: 'presence', d: { status: 'dnd' } },
    ]);
  });

  it('beats as hello asks, and lets go of a socket whose beat went unanswered, then reconnects', async () => {
    open({ reconnect: { minDelayMs: 100, maxDelayMs: 100 } });
    const first = sockets.last();
    first.receive({ op: 'hello', d: { heartbeatInterval: 1_000 } });
    await settle();
    jest.advanceTimersByTime(1_000); // the first beat, at a random point of the first interval
    first.receive({ op: 'heartbeat_ack' });
    jest.advanceTimersByTime(1_000); // the second beat: never answered
    jest.advanceTimersByTime(1_000);
    jest.advanceTimersByTime(100);
    expect({
      sent: first.sent.map(({ op }) => op),
      closedWith: first.closedWith,
      seen,
      sockets: sockets.opened.length,
    }).toEqual({
      sent: ['identify', 'heartbeat', 'heartbeat'],
      closedWith: { code: 4000, reason: 'no heartbeat_ack' },
      seen: ['disconnected 4000 true'],
      sockets: 2,
    });
  });

  it('reconnects with backoff after 4029 (too many sockets), and stops for good after 4004 (token refused)', async () => {
    open({ reconnect: { minDelayMs: 100, maxDelayMs: 10_000 } });
    sockets.last().drop(4029, 'too many sockets for this user');
    jest.advanceTimersByTime(49); // the first wait is 50 to 100 ms: 50% to 100% of minDelayMs
    const firstWaitStillRunning = sockets.opened.length;
    jest.advanceTimersByTime(51);
    sockets.last().drop(4029, 'too many sockets for this user');
    jest.advanceTimersByTime(99); // the second wait is 100 to 200 ms: twice the first
    const secondWaitStillRunning = sockets.opened.length;
    jest.advanceTimersByTime(101);
    sockets.last().drop(4004, 'invalid or revoked token');
    jest.advanceTimersByTime(60_000);
    expect({ firstWaitStillRunning, secondWaitStillRunning, sockets: sockets.opened.length, seen }).toEqual({
      firstWaitStillRunning: 1,
      secondWaitStillRunning: 2,
      sockets: 3,
      seen: ['disconnected 4029 true', 'disconnected 4029 true', 'disconnected 4004 false', 'closed 4004'],
    });
  });

  it('treats a token function that fails as a dropped socket, and tries again', async () => {
    let calls = 0;
    open({ token: () => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve('a token')), reconnect: { minDelayMs: 100, maxDelayMs: 100 } });
    sockets.last().receive({ op: 'hello', d: { heartbeatInterval: 60_000 } });
    await settle();
    const first = sockets.last();
    jest.advanceTimersByTime(100);
    await identified();
    expect({ closedWith: first.closedWith, sent: sockets.last().sent, seen }).toEqual({
      closedWith: { code: 4000, reason: 'the token function failed' },
      sent: [{ op: 'identify', d: { token: 'a token' } }],
      seen: ['disconnected 4000 true', 'ready connect log1-5'],
    });
  });

  it('after close(), hands over nothing more, even frames already on their way', async () => {
    const g = open();
    await identified();
    const socket = sockets.last();
    g.close();
    socket.receive(dispatch('log1-6', 'late'));
    socket.drop(1000, 'client closed');
    jest.advanceTimersByTime(60_000);
    expect({ closedWith: socket.closedWith, seen, sockets: sockets.opened.length }).toEqual({
      closedWith: { code: 1000, reason: 'client closed' },
      seen: ['ready connect log1-5', 'closed 1000'],
      sockets: 1,
    });
  });
});

describe('the SDK’s reconnect policy', () => {
  it('gives up only after 4004; every other close, 4029 among them, reconnects', () => {
    expect([1000, 1001, 1006, 1011, 4000, 4004, 4008, 4009, 4020, 4029].filter((code) => !reconnectsAfter(code))).toEqual([4004]);
  });

  it('doubles the delay from minDelayMs up to maxDelayMs, jittered down to half at most', () => {
    const options = { minDelayMs: 500, maxDelayMs: 15_000 };
    const highest = [0, 1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, options, () => 1));
    const lowest = [0, 1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, options, () => 0));
    expect({ highest, lowest }).toEqual({
      highest: [500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000],
      lowest: [250, 500, 1_000, 2_000, 4_000, 7_500, 7_500],
    });
  });
});
