import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Thrown when DATA_DIR or the secret in it is open to other users: the process refuses to start. */
export class UnsafeDataDir extends Error {}

/** The signing secret's file in DATA_DIR, when JWT_SECRET is not set. */
export const SECRET_FILE = 'jwt-secret';

/**
 * DATA_DIR holds the embedded database and the signing secret: created 0700 when missing, and
 * refused (with what to run) when it, or the secret file, grants any access to group or others.
 * Files inside are then out of others' reach whatever mode the embedded database gives them.
 */
export function privateDataDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const refuse = (path: string, mode: number, fix: string) =>
    new UnsafeDataDir(`${path} is open to other users (mode ${(mode & 0o777).toString(8).padStart(3, '0')}): run \`${fix}\` and start again`);
  const dirMode = statSync(dir).mode;
  if ((dirMode & 0o077) !== 0) throw refuse(`DATA_DIR ${dir}`, dirMode, `chmod 700 ${dir}`);
  const secret = join(dir, SECRET_FILE);
  const secretMode = statSync(secret, { throwIfNoEntry: false })?.mode;
  if (secretMode !== undefined && (secretMode & 0o077) !== 0) throw refuse(`the signing secret ${secret}`, secretMode, `chmod 600 ${secret}`);
  return dir;
}
