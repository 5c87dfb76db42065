// What the API costs in memory before it serves anything: its modules required one by one, in
// main.ts's order, with the common-password list built after its module, each step measured after
// a full collection (RSS and V8's heapUsed, MB, growth over the step). Five fresh processes; the
// medians are printed, largest RSS first. `pnpm build` first. Not part of `pnpm bench`.
//   node bench/start-memory.cjs [runs]
// COMMON_PASSWORDS=<a built @chat/common-passwords folder> swaps that package (an A/B of its build).
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const API = path.join(__dirname, '..', 'apps', 'api', 'dist');
const fromApi = (name) => require.resolve(name, { paths: [API] });
const passwords = process.env.COMMON_PASSWORDS || fromApi('@chat/common-passwords');

const STEPS = [
  ['node:http', () => require('node:http')],
  ['@chat/postgres (kysely, pg, PGlite)', () => require(fromApi('@chat/postgres'))],
  ['@chat/redis (ioredis)', () => require(fromApi('@chat/redis'))],
  ['app.js (express, routes, OpenAPI)', () => require(path.join(API, 'app.js'))],
  ['config.js', () => require(path.join(API, 'config.js'))],
  ['container.js (tsyringe, jose, domain)', () => require(path.join(API, 'container.js'))],
  ['common passwords, module', () => require(passwords)],
  ['common passwords, list built', () => globalThis.keep.push(new (require(passwords).ZxcvbnCommonPasswords)())],
  ['observability/logger.js (pino)', () => require(path.join(API, 'observability', 'logger.js'))],
  ['rate-limits', () => require(path.join(API, 'rate-limits', 'create-rate-limiters.js'))],
  ['storage/storage.js', () => require(path.join(API, 'storage', 'storage.js'))],
  ['events/start-events.js', () => require(path.join(API, 'events', 'start-events.js'))],
  ['observability (metrics, tracing)', () => {
    require(path.join(API, 'observability', 'metrics.js'));
    require(path.join(API, 'observability', 'metrics-server.js'));
    require(path.join(API, 'observability', 'tracing-config.js'));
  }],
  ['the rest of main.ts', () => {
    for (const file of ['events/commit-signal.js', 'housekeeping/sweep-loop.js', 'observability/readiness.js', 'http/idempotency.js', 'shutdown.js']) {
      require(path.join(API, file));
    }
  }],
];

function child() {
  globalThis.keep = [];
  const usage = () => (global.gc(), global.gc(), process.memoryUsage());
  const rows = [];
  let last = usage();
  const first = last;
  for (const [name, step] of STEPS) {
    step();
    const now = usage();
    rows.push([name, now.rss - last.rss, now.heapUsed - last.heapUsed]);
    last = now;
  }
  rows.push(['all of it', last.rss - first.rss, last.heapUsed - first.heapUsed], ['process at the end', last.rss, last.heapUsed]);
  process.stdout.write(JSON.stringify(rows));
}

function parent(runs) {
  const results = Array.from({ length: runs }, () =>
    JSON.parse(execFileSync(process.execPath, ['--expose-gc', __filename, '--child'], { encoding: 'utf8' })),
  );
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const mb = (bytes) => (bytes / 1048576).toFixed(1).padStart(6);
  const rows = results[0].map(([name], index) => [name, median(results.map((r) => r[index][1])), median(results.map((r) => r[index][2]))]);
  const totals = rows.splice(-2);
  rows.sort((a, b) => b[1] - a[1]);
  console.log(`medians of ${runs} processes (MB)\n   RSS   heap  step`);
  for (const [name, rss, heap] of [...rows, ...totals]) console.log(`${mb(rss)} ${mb(heap)}  ${name}`);
}

if (process.argv[2] === '--child') child();
else parent(Number(process.argv[2]) || 5);
