import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Adapters } from '../src/container';
import { DiskFileStore } from '@chat/disk';
import type { FixedClock } from '@chat/domain/testing';
import type { Response } from 'supertest';
import { buildTestApp, type TestApp, type TestUser } from './test-app';

/** Every file under `dir` (directories left out), relative to it. */
export function filesUnder(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path).map((inner) => join(name, inner)) : [relative(dir, path)];
  });
}

/** The test app with its files on the disk, in a folder of its own: what is kept can be looked at. */
export async function anAppOnDisk(overrides: Partial<Adapters> = {}, edge: Parameters<typeof buildTestApp>[1] = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'chat-attachments-'));
  const t = await buildTestApp({ files: new DiskFileStore(dir), ...overrides }, edge);
  return { t, dir, clock: t.adapters.clock as FixedClock, kept: () => filesUnder(dir) };
}

export const upload = (t: TestApp, user: TestUser, bytes: Uint8Array, filename = 'file.bin') =>
  t.http().post('/api/attachments').set('Authorization', user.token).attach('file', Buffer.from(bytes), { filename, contentType: 'application/octet-stream' });

/** A multipart body written by hand, for the bodies no client library would send. */
export const rawUpload = (t: TestApp, user: TestUser, body: string, boundary = 'XyZ') =>
  t.http().post('/api/attachments').set('Authorization', user.token).set('Content-Type', `multipart/form-data; boundary=${boundary}`).send(body);

export const part = (name: string, content: string, filename?: string, boundary = 'XyZ') =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n`;

export const end = (boundary = 'XyZ') => `--${boundary}--\r\n`;

/** What a refusal's answer is compared with: status and body. */
export const answerOf = (res: { status: number; body: unknown }) => ({ status: res.status, body: res.body });

/** supertest reads an octet stream's (or an image's) body into a Buffer. */
export const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};
