import { existsSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeFileStoreContract, chunked, someBytes } from '@chat/domain/testing/contracts';
import { DiskFileStore } from '@chat/disk';

const root = mkdtempSync(join(tmpdir(), 'chat-disk-'));

describeFileStoreContract('on the local disk', async () => new DiskFileStore(join(root, 'contract')));

/** Every file under `dir`, with its mode; directories too. */
function tree(dir: string): { path: string; mode: number }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    const here = { path, mode: statSync(path).mode & 0o777 };
    return entry.isDirectory() ? [here, ...tree(path)] : [here];
  });
}

describe('DiskFileStore', () => {
  it('keeps files private to this user, like the database: directories 0700, files 0600', async () => {
    const dir = join(root, 'modes', 'files');
    const store = new DiskFileStore(dir);
    expect(existsSync(dir)).toBe(false);
    await store.put('attachments/1', chunked(someBytes(10)), 10);

    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(tree(dir).map(({ path, mode }) => [path.slice(dir.length), mode.toString(8)])).toEqual([
      ['/.uploading', '700'],
      ['/attachments', '700'],
      ['/attachments/1', '600'],
    ]);
  });

  it('leaves nothing behind, not even a temporary file, when an upload is refused or breaks off', async () => {
    const dir = join(root, 'leftovers');
    const store = new DiskFileStore(dir);
    async function* breaking() {
      yield someBytes(100);
      throw new Error('gone');
    }

    await store.put('a', chunked(someBytes(1_000)), 999);
    await expect(store.put('b', breaking(), 1_000)).rejects.toThrow('gone');

    expect(tree(dir).map(({ path }) => path.slice(dir.length))).toEqual(['/.uploading']);
  });

  it('refuses a key that could reach outside its root', async () => {
    const store = new DiskFileStore(join(root, 'keys'));

    for (const key of ['../escape', '/abs', 'a/../../b', 'a//b', '', 'a/.', 'with space']) {
      await expect(store.put(key, chunked(someBytes(1)), 1)).rejects.toThrow('not a file store key');
      await expect(store.get(key)).rejects.toThrow('not a file store key');
    }
  });

  it('removes the files a crash left half-written over a day ago, and no newer ones', async () => {
    const dir = join(root, 'crash');
    const store = new DiskFileStore(dir);
    expect(await store.removeLeftovers()).toBe(0);
    await store.put('a', chunked(someBytes(1)), 1);
    const [old, recent] = [join(dir, '.uploading', 'old'), join(dir, '.uploading', 'recent')];
    writeFileSync(old, 'x');
    writeFileSync(recent, 'x');
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    utimesSync(old, twoDaysAgo, twoDaysAgo);

    expect(await store.removeLeftovers()).toBe(1);

    expect(readdirSync(join(dir, '.uploading'))).toEqual(['recent']);
  });
});
