import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP pass-through standing in for the network between a client and the replica it reaches: the
 * test can cut it (every open connection dropped, new ones refused) and bring it back on the same
 * port, make the connections open now go silent (a black hole: no close, no reset), and point it
 * at another replica, as a load balancer does when one goes away.
 */
export class SwitchableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  /** Connections whose bytes are dropped from now on, both ways, though they stay open. */
  private readonly frozen = new WeakSet<Socket>();
  private target: { host: string; port: number };
  port = 0;

  constructor(target: string) {
    this.target = parse(target);
  }

  /** `http://127.0.0.1:<port>` of the proxy, for the client's `baseUrl`. */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Accepts connections (again), on the port it had before if it had one. */
  async start(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      // Not pipe: a frozen connection must swallow what comes, as a network that lost its route does.
      forward(client, upstream, this.frozen);
      forward(upstream, client, this.frozen);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address();
    if (typeof address === 'object' && address) this.port = address.port;
    this.server = server;
  }

  /** Drops every open connection and refuses new ones until `start`. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * The network goes silent for the connections open now: whatever either side sends is lost, and
   * no close or reset reaches either end. New connections pass.
   */
  freeze(): void {
    for (const socket of this.sockets) this.frozen.add(socket);
  }

  /** New connections go to `target` (`http://host:port`); open ones stay where they are. */
  retarget(target: string): void {
    this.target = parse(target);
  }
}

function forward(from: Socket, to: Socket, frozen: WeakSet<Socket>): void {
  from.on('data', (chunk: Buffer) => {
    if (frozen.has(from) || to.destroyed) return;
    // Back-pressure as pipe would: read no more until the other side drained.
    if (!to.write(chunk)) {
      from.pause();
      to.once('drain', () => from.resume());
    }
  });
}

const parse = (url: string): { host: string; port: number } => {
  const { hostname, port } = new URL(url);
  return { host: hostname, port: Number(port) };
};
