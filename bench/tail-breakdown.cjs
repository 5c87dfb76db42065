// Where the receipts' time went: joins a bench's BENCH_DUMP (every 201 and receipt, gateway.cjs)
// with the server's bench/tail-probe.cjs lines. `node bench/tail-breakdown.cjs <dump.json> <probe.jsonl>`.
// Per message, on one clock: the 201 → the place statement's start → its end → the fan-out's start →
// its last socket write → each receipt. Prints the segments' medians and p99s over messages, and, for
// the receipts past the run's p99, which segment held them and what the process did meanwhile
// (event-loop stalls, GC).
const fs = require('node:fs');

const [dumpPath, probePath] = process.argv.slice(2);
const dump = JSON.parse(fs.readFileSync(dumpPath, 'utf8'));
const probe = fs.readFileSync(probePath, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));

const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN;
};
const f = (x) => (Number.isFinite(x) ? x.toFixed(1) : '-');

const sent = new Map(dump.sent);
const msgs = new Map();
for (const [id, at] of sent) msgs.set(id, { id, at });
for (const line of probe) {
  if (line.k === '201' && msgs.has(line.id)) msgs.get(line.id).res = line.t;
  if (line.k === 'place') for (const id of line.ids) if (msgs.has(id)) Object.assign(msgs.get(id), { p0: line.t0, p1: line.t1, pn: line.n });
  if (line.k === 'fan') for (const id of line.ids) if (msgs.has(id) && msgs.get(id).f0 === undefined) Object.assign(msgs.get(id), { f0: line.t0, f1: line.t1, fn: line.n });
}
const all = [];
for (const [id, times] of dump.receipts) {
  const m = msgs.get(id);
  if (!m) continue;
  m.times = [...(m.times ?? []), ...times];
  for (const t of times) all.push({ m, t, lat: t - m.at });
}
const p99 = q(all.map((r) => r.lat), 0.99);
const p50 = q(all.map((r) => r.lat), 0.5);
const list = [...msgs.values()].filter((m) => m.times);
const seg = {
  'res.end → bench 201': (m) => m.at - m.res,
  '201 → place start': (m) => m.p0 - m.at,
  'place statement': (m) => m.p1 - m.p0,
  'place end → fan start': (m) => m.f0 - m.p1,
  'fan-out (first→last write)': (m) => m.f1 - m.f0,
  'last write → median receipt': (m) => q(m.times, 0.5) - m.f1,
  'last write → last receipt': (m) => Math.max(...m.times) - m.f1,
  'fan start → first receipt': (m) => Math.min(...m.times) - m.f0,
  '201 → last receipt': (m) => Math.max(...m.times) - m.at,
};
console.log(`${list.length} messages, ${all.length} receipts: p50 ${f(p50)} ms, p99 ${f(p99)} ms, max ${f(all.reduce((a, r) => Math.max(a, r.lat), -Infinity))} ms`);
console.log('segment (ms): median / p90 / p99 / max over messages');
for (const [name, fn] of Object.entries(seg)) {
  const xs = list.map(fn).filter(Number.isFinite);
  console.log(`  ${name.padEnd(30)} ${f(q(xs, 0.5))} / ${f(q(xs, 0.9))} / ${f(q(xs, 0.99))} / ${f(Math.max(...xs))}  (${xs.length})`);
}
// The tail: receipts past p99, by the segment of theirs that was longest.
const tail = all.filter((r) => r.lat >= p99);
const parts = (r) => ({
  'to place start': r.m.p0 - r.m.at,
  place: r.m.p1 - r.m.p0,
  'to fan start': r.m.f0 - r.m.p1,
  'fan to its write': r.t - r.m.f0 < r.m.f1 - r.m.f0 ? r.t - r.m.f0 : r.m.f1 - r.m.f0,
  'after last write': r.t - r.m.f1,
});
const sums = {};
for (const r of tail) for (const [k, v] of Object.entries(parts(r))) sums[k] = (sums[k] ?? 0) + (Number.isFinite(v) ? Math.max(0, v) : 0);
console.log(`receipts at or past p99 (${tail.length}, of ${new Set(tail.map((r) => r.m.id)).size} messages): mean ms per segment`);
for (const [k, v] of Object.entries(sums)) console.log(`  ${k.padEnd(20)} ${f(v / tail.length)}`);
// The slowest messages, each with what the server did in its window.
const stalls = probe.filter((l) => l.k === 'stall');
const gcs = probe.filter((l) => l.k === 'gc');
const worst = [...list].sort((a, b) => Math.max(...b.times) - b.at - (Math.max(...a.times) - a.at)).slice(0, Number(process.env.WORST ?? 12));
console.log('slowest messages: 201→place start / place / →fan / fan / →last receipt (ms); pn fn; stalls and GC (ms) in [201, last receipt]');
for (const m of worst) {
  const end = Math.max(...m.times);
  const inWindow = (t, ms) => t >= m.at && t - ms <= end;
  const st = stalls.filter((s) => inWindow(s.t, s.ms)).map((s) => f(s.ms));
  const gc = gcs.filter((g) => g.t + g.ms >= m.at && g.t <= end).map((g) => `${f(g.ms)}k${g.kind}`);
  console.log(
    `  ${f(end - m.at)} ms: ${f(m.p0 - m.at)} / ${f(m.p1 - m.p0)} / ${f(m.f0 - m.p1)} / ${f(m.f1 - m.f0)} / ${f(end - m.f1)}; n ${m.pn} ${m.fn}; stalls [${st.join(' ')}] gc [${gc.join(' ')}]`,
  );
}
const elu = probe.filter((l) => l.k === 'elu').pop();
if (elu) console.log(`event-loop delay over the process' life: p50 ${f(elu.p50)} p99 ${f(elu.p99)} max ${f(elu.max)} ms`);
