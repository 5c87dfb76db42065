// Container health check: exit 0 when GET <path> (default /health) on this container's API
// answers 200, 1 otherwise. Node only, since slim images have no curl or wget.
//   node healthcheck.cjs          liveness (the image's HEALTHCHECK)
//   node healthcheck.cjs /ready   readiness, once the API has it
'use strict';

const path = process.argv[2] || '/health';
const port = process.env.PORT || '3000';
const bound = process.env.HOST || '';
// A wildcard bind is reached on loopback; a specific address only on itself.
const host = !bound || bound === '0.0.0.0' || bound === '::' ? '127.0.0.1' : bound;
const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`;

fetch(url, { signal: AbortSignal.timeout(4000) }).then(
  (response) => {
    if (response.status !== 200) process.stderr.write(`${url} answered ${response.status}\n`);
    process.exit(response.status === 200 ? 0 : 1);
  },
  (error) => {
    process.stderr.write(`${url} unreachable: ${error && error.message ? error.message : error}\n`);
    process.exit(1);
  },
);
