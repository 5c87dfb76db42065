// A preload for the API under a bench (BENCH_NODE_OPTIONS="--require ./bench/tail-probe.cjs"):
// where a message's way from its 201 to its sockets spends its time, and what else the process did
// meanwhile. It writes JSON lines to /tmp/tail-probe-<pid>.jsonl, every time on CLOCK_MONOTONIC in
// ms (the bench's clock):
// - {k:'201', t, id}: a POST answered 201 (the body's id), when `res.end` was called;
// - {k:'place', t0, t1, n, ids}: a relay pass's place statement (its start, its end, the messages placed);
// - {k:'fan', t0, t1, n, ids, sent}: one `FanOut.deliver` (synchronous: t1 is its last socket write);
// - {k:'stall', t, ms}: the event loop late by `ms` over a 5 ms timer (t: when it ran);
// - {k:'gc', t, ms, kind}: a GC pause;
// - {k:'elu', ...}: monitorEventLoopDelay's figures at exit.
// Nothing of the product changes: it wraps exported classes' methods as they are loaded.
const Module = require('node:module');
const http = require('node:http');
const fs = require('node:fs');
const { PerformanceObserver, monitorEventLoopDelay, performance } = require('node:perf_hooks');

const now = () => Number(process.hrtime.bigint() / 1000n) / 1000;
// performance.now() → monotonic ms: the same offset for the whole process.
const offset = now() - performance.now();
const out = fs.openSync(`/tmp/tail-probe-${process.pid}.jsonl`, 'w');
let lines = [];
const emit = (line) => {
  lines.push(JSON.stringify(line));
  if (lines.length >= 200) flush();
};
const flush = () => {
  if (lines.length) fs.writeSync(out, `${lines.join('\n')}\n`);
  lines = [];
};
setInterval(flush, 2_000).unref();

const idOf = (data) => /"id":"(\d+)"/.exec(data)?.[1];

const end = http.ServerResponse.prototype.end;
http.ServerResponse.prototype.end = function (chunk, ...rest) {
  if (this.statusCode === 201 && chunk) emit({ k: '201', t: now(), id: idOf(String(chunk)) });
  return end.call(this, chunk, ...rest);
};

const load = Module._load;
Module._load = function (request, parent, isMain) {
  const exports = load.apply(this, arguments);
  const file = Module._resolveFilename.call(this, request, parent, isMain);
  if (file.endsWith('/apps/api/dist/events/relay-loop.js') && !exports.__probed) {
    exports.__probed = true;
    const RelayLoop = exports.RelayLoop;
    exports.RelayLoop = class extends RelayLoop {
      constructor(relay, options) {
        const place = async () => {
          const t0 = now();
          const result = await relay.place();
          if (result.placed.length > 0) emit({ k: 'place', t0, t1: now(), n: result.placed.length, ids: result.placed.map((e) => idOf(e.data)) });
          return result;
        };
        super({ place, prune: (...a) => relay.prune(...a) }, options);
      }
    };
  }
  if (file.endsWith('/apps/api/dist/gateway/fan-out.js') && !exports.__probed) {
    exports.__probed = true;
    const deliver = exports.FanOut.prototype.deliver;
    exports.FanOut.prototype.deliver = function (events) {
      const t0 = now();
      const c0 = cpuMs();
      const result = deliver.call(this, events);
      emit({ k: 'fan', t0, t1: now(), cpu: cpuMs() - c0, n: events.length, ids: events.map((e) => idOf(e.wire ?? '') ?? e.id) });
      return result;
    };
  }
  return exports;
};

// Event-loop stalls: a 5 ms timer, and how late it ran.
// cpu: the process' own CPU time (user + system) over the stall: near `ms` when it was busy, near 0
// when it waited for a core.
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
let expected = now() + 5;
let cpuAt = cpuMs();
setInterval(() => {
  const t = now();
  const late = t - expected;
  const cpu = cpuMs();
  if (late > 10) emit({ k: 'stall', t, ms: late, cpu: cpu - cpuAt });
  expected = t + 5;
  cpuAt = cpu;
}, 5).unref();

new PerformanceObserver((list) => {
  for (const e of list.getEntries()) emit({ k: 'gc', t: e.startTime + offset, ms: e.duration, kind: e.detail?.kind ?? e.kind });
}).observe({ entryTypes: ['gc'] });

const h = monitorEventLoopDelay({ resolution: 10 });
h.enable();
const bye = () => {
  emit({ k: 'elu', p50: h.percentile(50) / 1e6, p99: h.percentile(99) / 1e6, max: h.max / 1e6 });
  flush();
};
process.on('exit', bye);
// Beside the API's own handler (which stops the process): the figures so far are written.
process.on('SIGTERM', bye);
