// The load run.cjs and ab.cjs put on an API: autocannon's settings, the two requests, the tokens,
// and the figures of one run. One copy, so an A/B measures exactly what `pnpm bench` measures.
const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const autocannon = require('autocannon');
const { SignJWT } = require('jose');

const SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const CONNECTIONS = 10;
const CLOCK_TICK_US = 1e6 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100);

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** CPU time of a process so far, in microseconds, from /proc. */
function cpuMicros(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_US;
}

/** The value at or below which `q` of the sorted values lie (nearest rank). */
const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

/** An unmeasured run, so both sides start warm. */
function warmUp(server, request, seconds) {
  const { path: target, ...options } = request;
  return autocannon({ url: server.url + target, connections: CONNECTIONS, duration: seconds, ...options });
}

/**
 * One autocannon run: requests/s, p99 and p50 latency (ms), CPU µs per request of the server. The
 * latencies come from each 2xx response's own time: autocannon's histogram keeps whole
 * milliseconds, so a median near 3 ms could only compare as 1.00 or 1.33 with another.
 */
async function measure(server, request, seconds) {
  const before = cpuMicros(server.child.pid);
  const { path: target, ...options } = request;
  const times = [];
  const run = autocannon({ url: server.url + target, connections: CONNECTIONS, duration: seconds, ...options });
  run.on('response', (_client, status, _bytes, ms) => {
    if (status >= 200 && status < 300) times.push(ms);
  });
  const result = await run;
  const total = result.requests.total;
  const non2xx = result.non2xx + result.errors;
  if (total === 0 || non2xx > total * 0.01) throw new Error(`${server.name}: ${non2xx} of ${total} requests failed: ${JSON.stringify(result.statusCodeStats)}`);
  times.sort((a, b) => a - b);
  return { total, rps: result.requests.average, p99: percentile(times, 0.99), p50: percentile(times, 0.5), cpu: (cpuMicros(server.child.pid) - before) / total };
}

const getPage = (channelId, token, query = '') => ({ path: `/api/channels/${channelId}/messages${query}`, headers: { authorization: token } });

/** A message POST whose connections take the users' tokens in turn (one user would hit its own limits). */
function postAsManyUsers(channelId, tokens, content = 'hello from the benchmark', extra = {}) {
  let next = 0;
  return {
    method: 'POST',
    path: `/api/channels/${channelId}/messages`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ content, ...extra }),
    setupClient: (client) => {
      client.setHeaders({ 'content-type': 'application/json', authorization: tokens[next++ % tokens.length] });
    },
  };
}

/** Access tokens of seed.cjs's users 1..users, each with its session (10001..). */
async function signTokens(users) {
  const key = new TextEncoder().encode(SECRET);
  return Promise.all(
    Array.from({ length: users }, (_, i) =>
      new SignJWT({ sid: String(10001 + i) }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(i + 1)).setIssuer('chat-api').setAudience('chat-api').setIssuedAt().setExpirationTime('2h').sign(key),
    ),
  );
}

module.exports = { SECRET, cpuMicros, median, warmUp, measure, getPage, postAsManyUsers, signTokens };
