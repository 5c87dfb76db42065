import type { IncomingMessage } from 'node:http';
import { ipKeyGenerator } from 'express-rate-limit';
import proxyAddr from 'proxy-addr';

/** Why a socket was turned away: counted in metrics, named in the close reason. */
export type Refusal = 'replica' | 'address' | 'user' | 'origin';

/** A refusal's close reason. */
export const REFUSALS: Record<Refusal, string> = {
  replica: 'this replica holds as many sockets as it may; try again later',
  address: 'too many sockets from this address',
  user: 'too many sockets for this user',
  origin: 'this origin may not open sockets',
};

export interface DoorLimits {
  /** Open sockets on this replica, identified or not. */
  readonly maxSockets: number;
  /** Open sockets from one client address (IPv6 by /64), identified or not. */
  readonly maxPerAddress: number;
  /** Identified sockets of one user on this replica. */
  readonly maxPerUser: number;
  /** Origins a browser may open sockets from, besides the API's own; `*` for any. */
  readonly allowedOrigins: readonly string[];
  /** Proxies in front of the API (TRUST_PROXY): the client's address is the one they saw. */
  readonly trustProxy: number;
}

/**
 * Who may come in: an allowed `Origin` (or none: not a browser), and room under the caps per
 * replica, per address and per user. Counts live in this replica's memory on purpose: each
 * counts the sockets this process holds, which is what its file descriptors and heap pay for.
 */
export class Doors {
  private readonly perAddress = new Map<string, number>();
  private readonly perUser = new Map<string, number>();
  private total = 0;
  private readonly trust: (address: string, hop: number) => boolean;
  private readonly anyOrigin: boolean;
  private readonly origins: ReadonlySet<string>;

  constructor(private readonly limits: DoorLimits) {
    this.trust = (_address, hop) => hop < limits.trustProxy;
    this.anyOrigin = limits.allowedOrigins.includes('*');
    this.origins = new Set(limits.allowedOrigins.map((origin) => origin.toLowerCase()));
  }

  /** A browser's `Origin` must be the API's own host or an allowed one; a client that sends none is no browser. */
  originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    if (origin === undefined || this.anyOrigin) return true;
    if (this.origins.has(origin.toLowerCase())) return true;
    try {
      return new URL(origin).host.toLowerCase() === (req.headers.host ?? '').toLowerCase();
    } catch {
      return false; // "null" (a sandboxed frame, a file) or garbage: no host to match
    }
  }

  /** The client's address as express's `req.ip` reads it (same hop count), IPv6 taken by /64. */
  addressOf(req: IncomingMessage): string {
    return ipKeyGenerator(proxyAddr(req, this.trust), 64);
  }

  /** Takes a place for a new socket from `address`, or says which cap is full. */
  enter(address: string): Refusal | null {
    if (this.total >= this.limits.maxSockets) return 'replica';
    const fromThere = this.perAddress.get(address) ?? 0;
    if (fromThere >= this.limits.maxPerAddress) return 'address';
    this.total += 1;
    this.perAddress.set(address, fromThere + 1);
    return null;
  }

  leave(address: string): void {
    this.total -= 1;
    decrement(this.perAddress, address);
  }

  /** Takes a place among the user's sockets; false when they hold the most allowed. */
  claimUser(userId: string): boolean {
    const held = this.perUser.get(userId) ?? 0;
    if (held >= this.limits.maxPerUser) return false;
    this.perUser.set(userId, held + 1);
    return true;
  }

  releaseUser(userId: string): void {
    decrement(this.perUser, userId);
  }
}

function decrement(map: Map<string, number>, key: string): void {
  const count = (map.get(key) ?? 0) - 1;
  if (count > 0) map.set(key, count);
  else map.delete(key);
}
