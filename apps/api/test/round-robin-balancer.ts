import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A load balancer for tests: round robin, a fresh connection per request, and like nginx's
 * `proxy_next_upstream error` it tries the next backend when one refuses the connection (and,
 * for idempotent methods, when it resets before answering).
 */
export class RoundRobinBalancer {
  backends: URL[] = [];
  private next = 0;
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => this.forward(req, res, Buffer.concat(chunks), this.next++, 0));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Tries each backend once, starting at `first`: a retry never lands on the backend that failed. */
  private forward(req: IncomingMessage, res: ServerResponse, body: Buffer, first: number, attempt: number): void {
    const backend = this.backends[(first + attempt) % this.backends.length];
    if (!backend || attempt >= this.backends.length) {
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
      if (retriable && !res.headersSent) this.forward(req, res, body, first, attempt + 1);
      else if (!res.headersSent) res.writeHead(502).end();
    });
    upstream.end(body);
  }
}
