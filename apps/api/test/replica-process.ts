import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const MAIN = join(__dirname, '..', 'dist', 'main.js');

export interface Replica {
  readonly url: string;
  readonly process: ChildProcess;
  readonly logs: string[];
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Where the replica serves its metrics, as its start log says (`METRICS_PORT=0` takes any port); undefined before it said. */
export function metricsUrlOf(replica: Replica): string | undefined {
  const port = replica.logs.map((line) => /metrics on http:\/\/127\.0\.0\.1:(\d+)\/metrics/.exec(line)?.[1]).find(Boolean);
  return port === undefined ? undefined : `http://127.0.0.1:${port}`;
}

/** Starts the built API as its own process, as a deployment runs it, and waits until it listens. */
export async function startReplica(env: Record<string, string>): Promise<Replica> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: \`pnpm test\` builds it; run \`pnpm build\` first`);
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', METRICS_PORT: '0', LOG_LEVEL: 'info', SCRYPT_COST: '1024', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`replica did not start:\n${logs.join('\n')}`)), 30_000);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`replica exited with ${code}:\n${logs.join('\n')}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      logs.push(line);
      const match = /listening on http:\/\/[^:]+:(\d+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    logs,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
