// An identify storm (issue #33 part 4's connect phase): ONE replica of ours, `sockets` sockets from
// `clientProcesses` processes, `concurrency` identifies in flight, each resolved on `ready`; users,
// servers and sessions as bench/gateway-scale.cjs seeds them (`hot` in one server over the presence
// bound, the rest in servers of 100). Reports identifies per second. With `--a=<path to another
// build's apps/api/dist/main.js>` it alternates that build (A) and this one (B) round by round on
// the same database, a fresh replica and Redis prefix each round, and prints medians and B ÷ A.
//
// Run: `node bench/identify-storm.cjs [--sockets=2000] [--rounds=3] [--concurrency=100] [--a=PATH] [--build=LABEL=PATH …]` (build first).
const { runAlone, clientProcess, dropRedisKeys, SIDES } = require('./gateway.cjs');
const { seedScale } = require('./gateway-scale.cjs');
const os = require('node:os');

const flag = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function storm(api, label, env, tokens, plan) {
  const server = await SIDES.ours.start(`${label} storm replica`, { ...env, api });
  const groups = Array.from({ length: plan.clientProcesses }, () => clientProcess());
  try {
    const started = performance.now();
    const connected = await Promise.all(
      groups.map((g, k) =>
        g.ask({ cmd: 'connect', side: 'ours', urls: [server.url], tokens: tokens.filter((_, i) => i % plan.clientProcesses === k), concurrency: Math.ceil(plan.concurrency / plan.clientProcesses) }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    return { sockets: connected.reduce((n, c) => n + c.connected, 0), seconds };
  } finally {
    await Promise.all(groups.map((g) => g.close()));
    await server.stop();
  }
}

runAlone('storm', async ({ db, url, redisUrl }) => {
  const plan = { sockets: Number(flag('sockets', 2000)), hot: Number(flag('hot', 200)), idleServerSize: 100, clientProcesses: 2, concurrency: Number(flag('concurrency', 100)), rounds: Number(flag('rounds', 3)) };
  const { tokens } = await seedScale(db, plan);
  // --build=LABEL=PATH (repeatable): more builds, alternated with the rest.
  const more = process.argv.filter((a) => a.startsWith('--build=')).map((a) => a.slice('--build='.length).split(/=(.*)/s).slice(0, 2));
  const builds = [...(flag('a') ? [['A', flag('a')]] : []), ...more, ['B', undefined]];
  const times = Object.fromEntries(builds.map(([label]) => [label, []]));
  console.log(`storm: ${plan.sockets} sockets, ${plan.concurrency} in flight, ${plan.rounds} rounds; load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (let round = 0; round < plan.rounds; round++) {
    for (const [label, api] of round % 2 ? [...builds].reverse() : builds) {
      const prefix = `bench-storm-${label}-${process.pid}-${round}:`;
      const r = await storm(api, label, { url, redisUrl, prefix }, tokens.slice(1, plan.sockets + 1), plan);
      await dropRedisKeys(redisUrl, prefix).catch(() => undefined);
      times[label].push(r.seconds);
      console.log(`round ${round} ${label}: ${r.sockets} identified in ${r.seconds.toFixed(2)} s = ${(r.sockets / r.seconds).toFixed(0)}/s; load ${os.loadavg()[0].toFixed(2)}`);
    }
  }
  for (const [label] of builds) console.log(`${label}: median ${median(times[label]).toFixed(2)} s = ${(plan.sockets / median(times[label])).toFixed(0)} identifies/s`);
  for (const [label] of builds.slice(0, -1)) console.log(`B ÷ ${label} identify rate (median): ${(median(times[label]) / median(times.B)).toFixed(2)}`);
});
