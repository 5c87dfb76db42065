// A process of gateway clients for bench/gateway.cjs, driven over IPC (child_process.fork):
//   { cmd: 'connect', side: 'ours' | 'socketio', urls, tokens, concurrency }
//       → { ok: true, connected, seconds } | { ok: false, error }   (token i connects to urls[i % urls.length])
//   { cmd: 'count' } → { ok: true, received, cpuMs }   (message.created receipts and CPU time so far)
//   { cmd: 'report' } → { ok: true, receipts: [[messageId, [ms, …]], …], closed: [reason, …], cpuMs }
//   { cmd: 'record' } → { ok: true }   (from here on, presence.updated receipts are kept: ours only)
//   { cmd: 'presence', index, status } → { ok: true, at }   (client `index` of this process, in its
//       tokens' order, sends the gateway op `presence`; `at` is when it was written to the socket)
//   { cmd: 'presence-report' } → { ok: true, presence: [[userId, status, ms], …], cpuMs }
//   { cmd: 'close' }  → closes every client and exits.
// Arrival times are CLOCK_MONOTONIC (process.hrtime), the same clock in every process of the machine,
// so the sender's 201 times in the parent compare with them directly.
const WebSocket = require('ws');
const { io: socketIo } = require('socket.io-client');

const now = () => Number(process.hrtime.bigint() / 1000n) / 1000;

/** message id -> arrival times (ms) */
const receipts = new Map();
let received = 0;
/** [userId, status, arrival ms] of each presence.updated, once `record` came. */
const presence = [];
let recording = false;
const onMessage = (id, at) => {
  received += 1;
  let times = receipts.get(id);
  if (!times) receipts.set(id, (times = []));
  times.push(at);
};

/** One client of our gateway: identify on hello, heartbeat as asked, resolve on ready. */
function connectOurs(baseUrl, token) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/gateway`, { perMessageDeflate: false, handshakeTimeout: 30_000 });
    let heartbeat;
    let firstBeat;
    let ready = false;
    const client = {
      closedUnexpectedly: false,
      send: (text) => socket.send(text),
      close() {
        clearTimeout(firstBeat);
        clearInterval(heartbeat);
        ready = false;
        socket.terminate();
      },
    };
    socket.on('message', (data) => {
      const at = now();
      const frame = JSON.parse(data.toString());
      if (frame.op === 'dispatch') {
        if (frame.t === 'message.created') onMessage(frame.d.id, at);
        else if (frame.t === 'presence.updated' && recording) presence.push([frame.d.userId, frame.d.status, at]);
      } else if (frame.op === 'hello') {
        socket.send(JSON.stringify({ op: 'identify', d: { token } }));
        // Heartbeats as the gateway asks, spread over the interval so 10,000 clients do not beat at once.
        const every = frame.d.heartbeatInterval * 0.8;
        firstBeat = setTimeout(() => {
          if (socket.readyState !== WebSocket.OPEN) return;
          heartbeat = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send('{"op":"heartbeat"}'), every);
        }, Math.random() * every);
      } else if (frame.op === 'ready') {
        ready = true;
        resolve(client);
      }
    });
    socket.on('error', (error) => (ready ? undefined : reject(error)));
    socket.on('close', (code, reason) => {
      clearTimeout(firstBeat);
      clearInterval(heartbeat);
      if (ready) client.closedUnexpectedly = `${code} ${reason}`;
      else reject(new Error(`closed before ready: ${code} ${reason}`));
    });
  });
}

/** One socket.io client: websocket transport only, a connection of its own, resolve on `ready`. */
function connectSocketIo(baseUrl, token) {
  return new Promise((resolve, reject) => {
    const socket = socketIo(baseUrl, { transports: ['websocket'], auth: { token }, forceNew: true, reconnection: false, timeout: 30_000 });
    let ready = false;
    const client = {
      closedUnexpectedly: false,
      close() {
        ready = false;
        socket.disconnect();
      },
    };
    socket.on('message.created', (message) => onMessage(message.id, now()));
    socket.once('ready', () => {
      ready = true;
      resolve(client);
    });
    socket.on('connect_error', (error) => reject(error));
    socket.on('disconnect', (reason) => {
      if (ready) client.closedUnexpectedly = reason;
    });
  });
}

const CONNECT = { ours: connectOurs, socketio: connectSocketIo };
let clients = [];

async function connectAll({ side, urls, tokens, concurrency }) {
  const connect = CONNECT[side];
  const started = now();
  // Clients are kept in their tokens' order (after those of earlier connects), so `presence` can name one.
  const base = clients.length;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, tokens.length) }, async () => {
      while (next < tokens.length) {
        const i = next++;
        clients[base + i] = await connect(urls[i % urls.length], tokens[i]);
      }
    }),
  );
  return { connected: clients.length, seconds: (now() - started) / 1000 };
}

process.on('message', async (message) => {
  try {
    if (message.cmd === 'connect') {
      process.send({ ok: true, ...(await connectAll(message)) });
    } else if (message.cmd === 'count') {
      const cpu = process.cpuUsage();
      process.send({ ok: true, received, cpuMs: (cpu.user + cpu.system) / 1000 });
    } else if (message.cmd === 'report') {
      const cpu = process.cpuUsage();
      process.send({
        ok: true,
        receipts: [...receipts],
        closed: clients.filter((c) => c.closedUnexpectedly).map((c) => c.closedUnexpectedly),
        cpuMs: (cpu.user + cpu.system) / 1000,
      });
    } else if (message.cmd === 'record') {
      recording = true;
      process.send({ ok: true });
    } else if (message.cmd === 'presence') {
      clients[message.index].send(JSON.stringify({ op: 'presence', d: { status: message.status } }));
      process.send({ ok: true, at: now() });
    } else if (message.cmd === 'presence-report') {
      const cpu = process.cpuUsage();
      process.send({ ok: true, presence, cpuMs: (cpu.user + cpu.system) / 1000 });
    } else if (message.cmd === 'close') {
      for (const c of clients) c.close();
      clients = [];
      setTimeout(() => process.exit(0), 200);
    }
  } catch (error) {
    process.send({ ok: false, error: String(error?.stack ?? error) });
  }
});
process.on('disconnect', () => process.exit(0));
