// The gateway at scale (issue #33, part 4): ONE replica of a side holding `sockets` identified
// sockets, `hot` of them members of one server whose channel a sender (this process) posts to at
// `rate` messages a second over REST; the others idle in servers of `idleServerSize` members (each
// user in one server). Ours against socket.io with @socket.io/redis-adapter (bench/socketio-baseline.cjs),
// the same users, servers and clients, both sides up throughout and their rounds alternating.
//
// - Clients: `clientProcesses` processes a side (bench/gateway-clients.cjs), socket i in process
//   i % clientProcesses, so the hot members are spread over all of them and no one process is the
//   bottleneck (their CPU is reported).
// - Latency: arrival in a client process − the sender's 201, both on CLOCK_MONOTONIC (as gateway.cjs).
//   p50/p99 over every receipt, and the share of the receipts (messages × hot members) delivered.
// - CPU per delivered event: the server process' user+system time (/proc/<pid>/stat) over the
//   rounds ÷ the receipts delivered in them; it includes what the idle sockets cost meanwhile
//   (heartbeats, pings), which is reported alone too: the server's CPU over a quiet period.
// - Presence: the hot server has `hot` + 1 members, over PRESENCE_FAN_OUT_MAX_MEMBERS (default 1,000), so it
//   hears no presence.updated (as a large community's does not); the idle servers' members hear
//   each other come online (idleServerSize² / 2 frames a server while they connect), then nothing.
//   socket.io's side has no presence.
//
// Run alone: `node bench/gateway-scale.cjs [--quick] [--side=ours|socketio] [--sockets=N --hot=N --seconds=N --rate=N]` (build first); it creates and
// drops a database of its own. pnpm bench's full run calls `runScale` (its quick run too, at quick size).
const { sql } = require('kysely');
const { readFileSync } = require('node:fs');
const os = require('node:os');
const { runAlone, signTokens, clientProcess, dropRedisKeys, fanOutRound, fanOutResult, cpuMicros, rssKib, SIDES, SESSION_OFFSET } = require('./gateway.cjs');

const PLANS = {
  quick: { sockets: 1_000, hot: 100, idleServerSize: 100, rate: 20, seconds: 5, rounds: 2, clientProcesses: 2, connectConcurrency: 50, quietMs: 2_000 },
  full: { sockets: 10_000, hot: 1_000, idleServerSize: 100, rate: 20, seconds: 30, rounds: 3, clientProcesses: 3, connectConcurrency: 100, quietMs: 5_000 },
};

/** Ids far from seed.cjs's and gateway.cjs' (1,000,001..; servers 900): this part shares run.cjs' database. */
const FIRST_USER = 3_000_001;
const HOT_SERVER = 3_000_000;
const FIRST_IDLE_SERVER = 3_000_100;
/** A server's one channel: its id + CHANNEL_OFFSET. */
const CHANNEL_OFFSET = 500_000;

const now = () => Number(process.hrtime.bigint() / 1000n) / 1000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log0 = (line) => process.stdout.write(`${line}\n`);

/**
 * The sender (FIRST_USER) and `sockets` users after it, one session each. Server HOT_SERVER: the
 * sender and the first `hot`; the rest in servers of `idleServerSize`, each with one channel and
 * its @everyone role with the defaults.
 */
async function seedScale(db, plan) {
  const users = plan.sockets + 1;
  const last = FIRST_USER + users - 1;
  const idleServers = Math.ceil((plan.sockets - plan.hot) / plan.idleServerSize);
  await sql`insert into users (id, username, email, password_hash, bot, created_at)
    select g, 'sc_' || g, 'sc_' || g || '@example.com', 'not-a-hash', false, now() from generate_series(${FIRST_USER}::int, ${last}::int) g`.execute(db);
  await sql`insert into sessions (id, user_id, created_at)
    select ${SESSION_OFFSET}::bigint + g, g, now() from generate_series(${FIRST_USER}::int, ${last}::int) g`.execute(db);
  const servers = [HOT_SERVER, ...Array.from({ length: idleServers }, (_, k) => FIRST_IDLE_SERVER + k)];
  // One statement: the servers' default channel is checked at its end.
  await sql`with s as (insert into servers (id, name, default_channel_id, owner_id, created_at)
      select s, 'Scale bench ' || s, s + ${CHANNEL_OFFSET}, ${FIRST_USER}, now() from unnest(${servers}::bigint[]) s returning id)
    insert into channels (id, server_id, name, created_at) select id + ${CHANNEL_OFFSET}, id, 'general', now() from s`.execute(db);
  await sql`insert into roles (id, server_id, name, color, position, permissions, created_at)
    select s, s, '@everyone', null, 0, 15, now() from unnest(${servers}::bigint[]) s`.execute(db);
  // User FIRST_USER + 1 + i: the hot server for i < hot, else idle server (i - hot) / idleServerSize.
  await sql`insert into members (server_id, user_id, joined_at)
    select case when g - ${FIRST_USER + 1} < ${plan.hot} then ${HOT_SERVER}::bigint
                else ${FIRST_IDLE_SERVER}::bigint + (g - ${FIRST_USER + 1} - ${plan.hot}) / ${plan.idleServerSize} end, g, now()
    from generate_series(${FIRST_USER + 1}::int, ${last}::int) g`.execute(db);
  await sql`insert into members (server_id, user_id, joined_at) values (${HOT_SERVER}, ${FIRST_USER}, now())`.execute(db);
  await sql`analyze`.execute(db);
  return { tokens: await signTokens(FIRST_USER, users), channelId: String(HOT_SERVER + CHANNEL_OFFSET), idleServers };
}

/** One side: its one server process, its client processes, every socket identified (or ready). */
async function openSide(side, env, tokens, plan, log) {
  const server = await side.start(`${side.label} scale replica`, env);
  const state = { side, server, replicas: [server], groups: [], clients: plan.hot, posted: 0, sent: new Map(), failures: [], serverCpuUs: 0, clientCpuMs: 0, seconds: 0 };
  state.groups = Array.from({ length: plan.clientProcesses }, () => clientProcess());
  const clientTokens = tokens.slice(1, plan.sockets + 1);
  const started = now();
  const connected = await Promise.all(
    state.groups.map((g, k) =>
      g.ask({
        cmd: 'connect',
        side: side.name,
        urls: [server.url],
        tokens: clientTokens.filter((_, i) => i % plan.clientProcesses === k),
        concurrency: Math.ceil(plan.connectConcurrency / plan.clientProcesses),
      }),
    ),
  );
  state.sockets = connected.reduce((n, c) => n + c.connected, 0);
  state.connectSeconds = (now() - started) / 1000;
  log(`scale, ${side.label}: ${state.sockets} sockets identified on 1 replica in ${state.connectSeconds.toFixed(1)} s`);
  return state;
}

/** Until the server's CPU stays nearly flat (the connects' presence storm is over), then its idle CPU and RSS. */
async function quiet(state, plan) {
  const pid = state.server.child.pid;
  for (const deadline = now() + 60_000; now() < deadline; ) {
    const before = cpuMicros(pid);
    await sleep(1_000);
    // Under a fifth of a core: the storm is over.
    if (cpuMicros(pid) - before < 200_000) break;
  }
  const cpuBefore = cpuMicros(pid);
  const started = now();
  await sleep(plan.quietMs);
  state.idleCpuShare = (cpuMicros(pid) - cpuBefore) / 1000 / (now() - started);
  state.rssMiB = rssKib(pid) / 1024;
}

async function closeSide(state) {
  await Promise.all(state.groups.map((g) => g.close()));
  await state.server.stop();
}

/** The open-file limit this process (and so every process it starts) has. */
const openFileLimit = () => Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? Infinity);

/** The whole scale part on the database at `url` (migrated). Returns { plan, results: { ours, socketio } }. */
async function runScale({ db, url, redisUrl, quick, sides = ['ours', 'socketio'], log = log0, overrides = {} }) {
  let plan = { ...(quick ? PLANS.quick : PLANS.full), ...overrides };
  // The server holds a descriptor per socket, each client process its share: they inherit this limit.
  const limit = openFileLimit();
  if (limit < plan.sockets + 1_000) {
    log(`scale: the open-file limit is ${limit} (ulimit -n; raise it to ${plan.sockets + 1_000}); measuring ${limit - 1_000} sockets instead of ${plan.sockets}`);
    plan = { ...plan, sockets: Math.max(plan.hot, limit - 1_000) };
  }
  const { tokens, channelId, idleServers } = await seedScale(db, plan);
  log(
    `scale: ${plan.sockets} sockets a side on 1 replica, ${plan.hot} of them in the sender's server, the rest in ${idleServers} servers of ${plan.idleServerSize}; ` +
      `${plan.rate} messages/s for ${plan.seconds} s a side in ${plan.rounds} rounds alternating; ${plan.clientProcesses} client processes a side; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  );
  const states = [];
  const prefixes = sides.map((name) => `bench-scale-${name}-${process.pid}:`);
  try {
    for (const [i, name] of sides.entries()) {
      const state = await openSide(SIDES[name], { url, redisUrl, prefix: prefixes[i] }, tokens, plan, log);
      states.push(state);
      await quiet(state, plan);
    }
    const perRound = Math.ceil((plan.seconds * plan.rate) / plan.rounds);
    for (let round = 0; round < plan.rounds; round++) {
      for (const state of states) await fanOutRound(state, tokens[0], channelId, perRound, plan);
    }
    const results = {};
    for (const state of states) results[state.side.name] = result(state, await fanOutResult(state, plan, () => undefined), plan, log);
    log(`scale: load average after ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    return { plan, results };
  } finally {
    for (const state of states) await closeSide(state).catch(() => undefined);
    for (const prefix of prefixes) await dropRedisKeys(redisUrl, prefix).catch(() => undefined);
  }
}

function result(state, fanOut, plan, log) {
  const receipts = fanOut.delivered * fanOut.messages * plan.hot;
  const r = {
    ...fanOut,
    sockets: state.sockets,
    hot: plan.hot,
    cpuUsPerReceipt: state.serverCpuUs / Math.max(1, receipts),
    idleCpuShare: state.idleCpuShare,
    rssMiB: state.rssMiB,
  };
  log(
    `scale, ${state.side.label}: ${r.sockets} sockets on 1 replica, ${r.messages} messages to ${plan.hot}: p50 ${r.p50?.toFixed(2)} ms p99 ${r.p99?.toFixed(2)} ms max ${r.max?.toFixed(1)} ms, ` +
      `delivered ${(r.delivered * 100).toFixed(2)}%, ${r.duplicates} duplicates, ${r.failures} failed sends, ${r.closed} closed; ` +
      `server CPU ${r.cpuUsPerReceipt.toFixed(1)} µs per delivered event (${r.serverCpuMsPerMessage.toFixed(2)} ms per message), ` +
      `idle ${(r.idleCpuShare * 100).toFixed(1)}% of a core, RSS ${r.rssMiB.toFixed(0)} MiB; client processes ${(r.clientCpuShare * 100).toFixed(0)}% of a core; connected in ${state.connectSeconds.toFixed(1)} s`,
  );
  return r;
}

/** run.cjs' rows (`target` is its row maker): one replica holding `sockets`, `hot` of them in the channel the sender posts to: ours against the 100 ms bound and socket.io. */
function scaleRows(target, { plan, results }) {
  const { ours, socketio } = results;
  const load = `${ours.sockets.toLocaleString('en')} sockets on 1 replica, ${plan.hot.toLocaleString('en')} in the channel, ${plan.rate} messages/s`;
  return [
    target(`Scale: p99 from the 201 to each receipt ÷ 100 ms, ${load}`, ours.p99, 100, 1, 'p99 < 100 ms', true),
    target(`Scale: receipts delivered (%), ${load}`, ours.delivered * 100, 100, 1, 'all delivered'),
    target(`Scale ÷ socket.io: p99 from the 201 to each receipt (ms), ${load}`, ours.p99, socketio.p99, null, 'reported', true),
    target(`Scale ÷ socket.io: p50 from the 201 to each receipt (ms), ${load}`, ours.p50, socketio.p50, 1, 'ours ≤ socket.io', true),
    target(`Scale ÷ socket.io: server CPU per delivered event (µs), ${load}`, ours.cpuUsPerReceipt, socketio.cpuUsPerReceipt, null, 'reported', true),
  ];
}

/** run.cjs' notes under its table: how the scale part ran, and each side's figures. */
function scaleNotes({ plan, results }) {
  const side = (name, r) =>
    `- Scale, ${name}: ${r.sockets} sockets on 1 replica, ${r.messages} messages to ${r.hot}: delivered ${(r.delivered * 100).toFixed(2)}% (${r.duplicates} duplicates, ${r.closed} closed), ` +
    `p50 ${r.p50.toFixed(1)} ms p99 ${r.p99.toFixed(1)} ms max ${r.max.toFixed(0)} ms, server CPU ${r.cpuUsPerReceipt.toFixed(1)} µs per delivered event, idle ${(r.idleCpuShare * 100).toFixed(1)}% of a core, ` +
    `RSS ${r.rssMiB.toFixed(0)} MiB, sockets identified in ${r.connectSeconds.toFixed(1)} s, client processes ${(r.clientCpuShare * 100).toFixed(0)}% of a core.`;
  return [
    `- Scale (bench/gateway-scale.cjs): the other ${plan.sockets - plan.hot} sockets idle in servers of ${plan.idleServerSize}; ${plan.rate} messages/s for ${plan.seconds} s a side in ${plan.rounds} rounds alternating, ${plan.clientProcesses} client processes a side.`,
    side('ours', results.ours),
    side('socket.io', results.socketio),
  ];
}

module.exports = { runScale, scaleRows, scaleNotes, seedScale, PLANS };

if (require.main === module) {
  const flag = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const only = flag('side');
  // --sockets=N --hot=N --seconds=N --rate=N: the plan's figures, for a look at one of them.
  const overrides = Object.fromEntries(['sockets', 'hot', 'seconds', 'rate'].filter(flag).map((name) => [name, Number(flag(name))]));
  runAlone('gwscale', async ({ db, url, redisUrl, quick }) => {
    const { results } = await runScale({ db, url, redisUrl, quick, sides: only ? [only] : undefined, overrides });
    const { ours, socketio } = results;
    if (ours && socketio) log0(`scale, ours ÷ socket.io: p50 ${(ours.p50 / socketio.p50).toFixed(2)}, p99 ${(ours.p99 / socketio.p99).toFixed(2)}, CPU per delivered event ${(ours.cpuUsPerReceipt / socketio.cpuUsPerReceipt).toFixed(2)}`);
  });
}
