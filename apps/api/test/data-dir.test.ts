import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { privateDataDir, UnsafeDataDir } from '../src/storage/data-dir';
import { startReplica } from './replica-process';

describe('DATA_DIR is private to the process’s user', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'chat-data-dir-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('creates a missing DATA_DIR (and its parents) with mode 0700, whatever the umask', () => {
    const dir = join(root, 'a', 'data');
    const umask = process.umask(0o000);
    try {
      privateDataDir(dir);
    } finally {
      process.umask(umask);
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('accepts an existing 0700 directory with a 0600 secret', () => {
    const dir = join(root, 'data');
    privateDataDir(dir);
    writeFileSync(join(dir, 'jwt-secret'), 'x\n', { mode: 0o600 });
    expect(privateDataDir(dir)).toBe(dir);
  });

  it.each([0o755, 0o750, 0o707])('refuses a directory of mode %o, saying how to fix it', (mode) => {
    const dir = join(root, 'data');
    privateDataDir(dir);
    chmodSync(dir, mode);
    expect(() => privateDataDir(dir)).toThrow(UnsafeDataDir);
    expect(() => privateDataDir(dir)).toThrow(`run \`chmod 700 ${dir}\``);
  });

  it('refuses a secret file that group or others may read', () => {
    const dir = join(root, 'data');
    privateDataDir(dir);
    writeFileSync(join(dir, 'jwt-secret'), 'x\n', { mode: 0o644 });
    chmodSync(join(dir, 'jwt-secret'), 0o644);
    expect(() => privateDataDir(dir)).toThrow(/signing secret .* is open to other users \(mode 644\)/);
  });

  it('keeps the embedded API from starting on an open DATA_DIR: exit 1 and the reason on stderr', async () => {
    const dir = join(root, 'open');
    privateDataDir(dir);
    chmodSync(dir, 0o755);
    await expect(startReplica({ DATA_DIR: dir })).rejects.toThrow(/replica exited with 1:[\s\S]*failed to start: DATA_DIR .* is open to other users \(mode 755\)/);
  }, 30_000);
});
