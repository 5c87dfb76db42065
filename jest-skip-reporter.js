// Says at the very end of a run which tests were skipped and why, so a skip is never silent: a
// file's own warning scrolls away in a full run, this summary does not.
const { existsSync } = require('node:fs');
const { relative } = require('node:path');

class SkipReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.skipped = [];
  }

  onTestResult(_test, result) {
    const pending = result.testResults.filter((t) => t.status === 'pending' || t.status === 'skipped').length;
    if (pending > 0) this.skipped.push({ file: relative(this.rootDir, result.testFilePath), pending });
  }

  onRunComplete() {
    if (this.skipped.length === 0) return;
    const total = this.skipped.reduce((n, s) => n + s.pending, 0);
    const reasons = [];
    if (process.env.TEST_POSTGRES_UP !== '1') reasons.push('PostgreSQL was not reachable (TEST_DATABASE_URL)');
    if (process.env.TEST_PG_REPLICA_UP !== '1') reasons.push('no PostgreSQL streaming replica was reachable (TEST_PG_REPLICA_URL; .ci/pg-replica starts one)');
    if (process.env.TEST_REDIS_UP !== '1') reasons.push('Redis was not reachable (TEST_REDIS_URL)');
    if (process.env.TEST_REDIS_CLUSTER_UP !== '1') reasons.push('the Redis Cluster was not reachable (TEST_REDIS_CLUSTER_NODES; .ci/redis-cluster starts one)');
    if (process.env.TEST_S3_UP !== '1') reasons.push('no S3-protocol server was reachable (TEST_S3_URL; .ci/run starts s3rver)');
    const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
    if (!existsSync(chromium)) reasons.push(`Chromium is not at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
    const lines = [
      `!!! ${total} test(s) SKIPPED in ${this.skipped.length} file(s):`,
      ...this.skipped.map((s) => `!!!   ${s.file}: ${s.pending}`),
      ...(reasons.length ? ['!!! because:', ...reasons.map((r) => `!!!   ${r}`)] : []),
    ];
    process.stderr.write(`\n${lines.join('\n')}\n\n`);
  }
}

module.exports = SkipReporter;
