import { createHash } from 'node:crypto';
import type { Claim, IdempotencyStore } from '@chat/domain';
import type { Request } from 'express';

/** How long a key's first answer is replayed (the IETF httpapi draft suggests at least 24 hours). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600_000;
/** A claim whose request never finished (its replica died) is taken over after this long. */
export const IDEMPOTENCY_ABANDONED_MS = 60_000;

/** The port lives in the domain, where its adapter (`KyselyIdempotencyStore`) can implement it too. */
export type { IdempotencyStore } from '@chat/domain';

/** The `Idempotency-Key` header: a structured-field string (`"…"`) or a bare token; invalid: a string that says why. */
export function idempotencyKeyOf(req: Request): { readonly key: string } | { readonly invalid: string } | undefined {
  const raw = req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  if (Array.isArray(raw)) return { invalid: 'must be given once' };
  const quoted = /^"(.*)"$/.exec(raw.trim());
  const key = quoted ? quoted[1]! : raw.trim();
  if (!/^[\x21\x23-\x5b\x5d-\x7e]{1,255}$/.test(key)) return { invalid: 'must be 1-255 visible ASCII characters (a UUID is a good choice)' };
  return { key };
}

/**
 * What makes two requests the same one: method, path and body (its keys in any order). No body is
 * `{}`, as the routes read it.
 */
export function fingerprintOf(req: Request): string {
  return createHash('sha256').update(`${req.method} ${req.baseUrl}${req.path}\n${canonical(req.body ?? {})}`).digest('base64url');
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

interface Entry {
  readonly fingerprint: string;
  readonly createdAt: number;
  readonly status: number | null;
  readonly body: string | null;
}

/** One process's keys: for tests and a single embedded process without a database of its own. */
export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  async claim(userId: string, key: string, fingerprint: string, now: Date): Promise<Claim> {
    const id = `${userId}:${key}`;
    const entry = this.entries.get(id);
    const age = entry ? now.getTime() - entry.createdAt : Infinity;
    if (entry && age < IDEMPOTENCY_KEY_TTL_MS) {
      if (entry.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (entry.status !== null) return { kind: 'done', status: entry.status, body: entry.body };
      if (age < IDEMPOTENCY_ABANDONED_MS) return { kind: 'in-flight' };
    }
    this.entries.set(id, { fingerprint, createdAt: now.getTime(), status: null, body: null });
    return { kind: 'claimed' };
  }

  async complete(userId: string, key: string, status: number, body: string | null): Promise<void> {
    const id = `${userId}:${key}`;
    const entry = this.entries.get(id);
    if (entry) this.entries.set(id, { ...entry, status, body });
  }

  async release(userId: string, key: string): Promise<void> {
    this.entries.delete(`${userId}:${key}`);
  }
}
