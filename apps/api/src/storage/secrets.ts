import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { privateDataDir, SECRET_FILE } from './data-dir';

/**
 * The signing secret: JWT_SECRET when set (required with DATABASE_URL, since replicas must share
 * it). The embedded default makes one on first start and keeps it in DATA_DIR, readable only by
 * this user, so tokens survive a restart.
 */
export function signingSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = join(privateDataDir(config.DATA_DIR), SECRET_FILE);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    // Only a missing file means "first start"; anything else (permissions, a directory) is reported.
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
