// Starting and stopping the servers a bench compares, shared by run.cjs and gateway.cjs.
const { spawn } = require('node:child_process');

const T0 = Date.now();
const trace = (what) => process.env.BENCH_TRACE && process.stderr.write(`[${((Date.now() - T0) / 1000).toFixed(1)} s] ${what}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  const net = require('node:net');
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts a server process on a free port and waits until GET /health answers. */
async function startServer(name, args, env) {
  const port = await freePort();
  const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH, METRICS_PORT: '0', ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}), ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  const output = [];
  child.stderr.on('data', (d) => output.push(String(d)));
  let exited = null;
  child.on('exit', (code, signal) => (exited = code ?? signal));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    if (exited !== null) throw new Error(`${name} exited with ${exited}:\n${output.join('')}`);
    if (await fetch(`${url}/health`).then(() => true, () => false)) {
      trace(`${name} up`);
      return { name, child, url, output, stop: () => stopProcess(child) };
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not start:\n${output.join('')}`);
}

function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => (trace(`pid ${child.pid} still running 5 s after SIGTERM: SIGKILL`), child.kill('SIGKILL')), 5_000);
    child.once('exit', () => (clearTimeout(force), trace(`pid ${child.pid} stopped`), resolve()));
    child.kill('SIGTERM');
  });
}

module.exports = { freePort, startServer, stopProcess };
