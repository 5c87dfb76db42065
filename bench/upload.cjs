// node bench/upload.cjs [--quick]: issue #31's upload clause. 20 users upload a 10 MiB file each, all
// at once, to one API process (apps/api/dist: `pnpm build` first), `rounds` times; reported: the
// throughput (MiB/s of files stored, from the first byte sent to the last 201) and how far the API's
// resident memory grows over what it held before the first round (target: less than 64 MiB; the
// body is streamed to the store, never held whole). On the local disk (the default store), then on
// S3 when an S3-protocol server answers at BENCH_S3_URL (default http://127.0.0.1:4568, where
// `.ci/run` starts s3rver). It creates and drops a database of its own; pnpm bench runs it last
// (`runUploadBench`) on its own database.
const http = require('node:http');
const { mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startServer, stopProcess } = require('./processes.cjs');
const { SECRET, median } = require('./load.cjs');

const ROOT = path.resolve(__dirname, '..');
const API_MAIN = path.join(ROOT, 'apps/api/dist/main.js');
const S3_URL = process.env.BENCH_S3_URL ?? 'http://127.0.0.1:4568';
const PLAN = { quick: { rounds: 1 }, full: { rounds: 3 } };
const FILES = 20;
const FILE_BYTES = 10 * 1024 * 1024;
const MIB = 1024 * 1024;
const BOUNDARY = 'bench-upload-boundary';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A /proc/<pid>/status field in MiB (VmRSS: resident now; VmHWM: the peak since the last reset). */
const statusMib = (pid, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Sets the process' VmHWM back to its VmRSS (Linux's clear_refs, ours to write for our own child). */
const resetPeak = (pid) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

/** One multipart upload of `file`, streamed as a browser sends it; resolves with the 201's body. */
function upload(server, token, file, filename) {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname,
        port,
        method: 'POST',
        path: '/api/attachments',
        headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': head.length + file.length + tail.length },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString();
          if (res.statusCode === 201) resolve(JSON.parse(body));
          else reject(new Error(`upload answered ${res.statusCode}: ${body}`));
        });
      },
    );
    req.on('error', reject);
    req.write(head);
    // In 64 KiB writes, as a socket takes them: the client holds the file once, not a copy per upload.
    for (let at = 0; at < file.length; at += 64 * 1024) req.write(file.subarray(at, at + 64 * 1024));
    req.end(tail);
  });
}

/** `FILES` uploads at once, one per user; seconds from the first byte to the last 201. */
async function round(server, tokens, file, name) {
  const started = process.hrtime.bigint();
  await Promise.all(tokens.slice(0, FILES).map((token, i) => upload(server, token, file, `${name}-${i}.bin`)));
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/**
 * The store's rounds on a fresh API process: a warm-up round of small files first (what loads
 * lazily, the multipart parser, the type sniffer, the S3 client, is loaded and counted out), then
 * the resident memory settles, then `rounds` rounds of 10 MiB files, the peak read from VmHWM.
 */
async function measureStore(label, env, tokens, plan, log) {
  const server = await startServer(`api-${label}`, [API_MAIN], env);
  try {
    const pid = server.child.pid;
    await round(server, tokens, Buffer.alloc(64 * 1024, 7), 'warm');
    await sleep(1_000);
    const before = statusMib(pid, 'VmRSS');
    resetPeak(pid);
    // Not zeros (a store or a link could compress them), and one buffer for all: the client's memory stays small.
    const file = Buffer.alloc(FILE_BYTES);
    for (let at = 0; at < FILE_BYTES; at += 4) file.writeUInt32LE((at * 2654435761) >>> 0, at);
    const seconds = [];
    for (let r = 0; r < plan.rounds; r++) seconds.push(await round(server, tokens, file, `round${r}`));
    const peak = statusMib(pid, 'VmHWM');
    const after = statusMib(pid, 'VmRSS');
    const mibps = (FILES * FILE_BYTES) / MIB / median(seconds);
    const result = { label, mibps, seconds: median(seconds), before, peak, after, growth: peak - before };
    log(
      `upload (${label}): ${FILES} × 10 MiB at once, ${plan.rounds} round(s): median ${result.seconds.toFixed(2)} s, ${mibps.toFixed(0)} MiB/s; ` +
        `API RSS ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB (growth ${result.growth.toFixed(0)} MiB, target < 64), ${after.toFixed(0)} MiB after`,
    );
    return result;
  } finally {
    await stopProcess(server.child);
  }
}

/** Whether an S3-protocol server answers at `url`. */
const reachable = (url) => fetch(url).then(() => true, () => false);

/** A bucket of this run's own on the S3-protocol server, made with the SDK @chat/s3 uses. */
async function createBucket(name) {
  const { S3Client, CreateBucketCommand } = require(require.resolve('@aws-sdk/client-s3', { paths: [path.join(ROOT, 'packages/s3')] }));
  const client = new S3Client({ endpoint: S3_URL, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  try {
    await client.send(new CreateBucketCommand({ Bucket: name }));
  } finally {
    client.destroy();
  }
}

/**
 * The upload part on the database at `url` (migrated, with seed.cjs's users 1..20 or more and
 * `tokens` for them). Answers `{disk, s3}` (s3 null when no S3-protocol server answers).
 */
async function runUploadBench({ url, tokens, quick, log = console.log }) {
  const plan = quick ? PLAN.quick : PLAN.full;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-bench-upload-'));
  const env = {
    DATABASE_URL: url,
    JWT_SECRET: SECRET,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    RATE_LIMIT_UPLOAD: '9999999/10s',
  };
  try {
    const disk = await measureStore('disk', env, tokens, plan, log);
    let s3 = null;
    if (await reachable(S3_URL)) {
      const bucket = `chat-bench-${process.pid}`;
      await createBucket(bucket);
      s3 = await measureStore('S3', { ...env, S3_BUCKET: bucket, S3_ENDPOINT: S3_URL, S3_FORCE_PATH_STYLE: '1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' }, tokens, plan, log);
    } else {
      log(`upload (S3) skipped: no S3-protocol server at ${S3_URL} (BENCH_S3_URL)`);
    }
    return { disk, s3, files: FILES, rounds: plan.rounds };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

module.exports = { runUploadBench };

if (require.main === module) {
  const { runAlone } = require('./gateway.cjs');
  const { seed } = require('./seed.cjs');
  const { signTokens } = require('./load.cjs');
  runAlone('upload', async ({ db, url, quick }) => {
    await seed(db, { users: FILES, channels: [10] });
    await runUploadBench({ url, tokens: await signTokens(FILES), quick });
  });
}
