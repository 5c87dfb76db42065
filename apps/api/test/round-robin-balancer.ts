import { createServer, get, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A load balancer for tests, behaving like HAProxy with `option httpchk GET /ready` or a Kubernetes
 * Service: round robin over the backends whose readiness check last answered 200, polled every
 * `checkIntervalMs`; a fresh connection per request; and, like nginx's `proxy_next_upstream error`,
 * the next backend when one refuses the connection (and, for GET, when it resets before answering).
 * It counts those retries, so a test can tell a clean drain from one the retries papered over.
 */
export class RoundRobinBalancer {
  private all: URL[] = [];
  private ready = new Set<string>();
  private next = 0;
  private server: Server | null = null;
  private timer: NodeJS.Timeout | null = null;
  url = '';
  retries = 0;

  constructor(private readonly checkIntervalMs = 100) {}

  /** Replaces the backend list; new backends take traffic once their first check passes. */
  set backends(urls: URL[]) {
    this.all = urls;
    this.ready = new Set([...this.ready].filter((href) => urls.some((u) => u.href === href)));
  }

  async start(): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), this.checkIntervalMs);
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => this.forward(req, res, Buffer.concat(chunks), this.next++, 0));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Resolves once every backend in the list has passed a check. */
  async whenAllReady(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.all.some((u) => !this.ready.has(u.href))) {
      if (Date.now() > deadline) throw new Error('backends did not become ready');
      await new Promise((resolve) => setTimeout(resolve, this.checkIntervalMs));
    }
  }

  private async check(): Promise<void> {
    await Promise.all(
      this.all.map(
        (backend) =>
          new Promise<void>((resolve) => {
            const probe = get(new URL('/ready', backend), { agent: false, timeout: 1_000 }, (answer) => {
              answer.resume();
              if (answer.statusCode === 200) this.ready.add(backend.href);
              else this.ready.delete(backend.href);
              resolve();
            });
            probe.on('timeout', () => probe.destroy());
            probe.on('error', () => {
              this.ready.delete(backend.href);
              resolve();
            });
          }),
      ),
    );
  }

  /** Tries each ready backend once, starting at `first`: a retry never lands on the backend that failed. */
  private forward(req: IncomingMessage, res: ServerResponse, body: Buffer, first: number, attempt: number): void {
    const pool = this.all.filter((u) => this.ready.has(u.href));
    const backend = pool[(first + attempt) % pool.length];
    if (!backend || attempt >= pool.length) {
      res.writeHead(502).end();
      return;
    }
    const upstream = request(
      { host: backend.hostname, port: backend.port, method: req.method, path: req.url, headers: { ...req.headers, connection: 'close' }, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      const retriable = error.code === 'ECONNREFUSED' || (error.code === 'ECONNRESET' && req.method === 'GET');
      if (retriable && !res.headersSent) {
        this.retries++;
        this.forward(req, res, body, first, attempt + 1);
      } else if (!res.headersSent) res.writeHead(502).end();
    });
    upstream.end(body);
  }
}
