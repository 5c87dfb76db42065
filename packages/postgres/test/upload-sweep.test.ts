import { UNATTACHED_TTL_MS, type Attachment, type FileStore, type Stores } from '@chat/domain';
import { InMemoryFileStore } from '@chat/domain/testing';
import { aMessage, aServerWithOwner, aSession, anAttachment, chunked, givenUser, someBytes } from '@chat/domain/testing/contracts';
import { KyselySweeper, createKyselyStores, type Database } from '@chat/postgres';
import type { Kysely } from 'kysely';
import { createPgliteDatabase, createPostgresDatabase, describeWithPostgres, type TestDatabase } from './test-databases';

const KEY_TTL = 24 * 3600_000;

/** An upload made `ageMs` before `now`, its file in `files`. */
async function givenUpload(stores: Stores, files: FileStore, uploaderId: string, now: Date, ageMs: number, overrides: Partial<Attachment> = {}): Promise<Attachment> {
  const attachment = anAttachment(uploaderId, { createdAt: new Date(now.getTime() - ageMs), size: 10, ...overrides });
  await files.put(attachment.storageKey, chunked(someBytes(10)), 10);
  await stores.attachments.create(attachment);
  return attachment;
}

function describeUploadSweep(name: string, open: () => Promise<{ db: Kysely<Database>; close: () => Promise<void> }>): void {
  describe(`sweeping uploads never attached: ${name}`, () => {
    let db: Kysely<Database>;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ db, close } = await open());
    });
    afterAll(async () => {
      await close();
    });

    it('deletes, row and file, the uploads no message took within the hour; keeps younger and attached ones', async () => {
      const stores = createKyselyStores(db);
      const files = new InMemoryFileStore();
      const { server, ownerUser: user } = await aServerWithOwner(stores);
      const message = aMessage(server.defaultChannelId, user.id);
      await stores.messages.create(message);
      const now = new Date();
      const stale = await givenUpload(stores, files, user.id, now, UNATTACHED_TTL_MS + 1);
      const young = await givenUpload(stores, files, user.id, now, UNATTACHED_TTL_MS - 1_000);
      const attached = await givenUpload(stores, files, user.id, now, 2 * UNATTACHED_TTL_MS, { messageId: message.id });

      const outcome = await new KyselySweeper(db, KEY_TTL, files).sweep(now);

      expect(outcome).toMatchObject({ held: true, uploads: 1 });
      expect(await stores.attachments.find(stale.id)).toBeNull();
      expect(files.files.has(stale.storageKey)).toBe(false);
      for (const kept of [young, attached]) {
        expect(await stores.attachments.find(kept.id)).toEqual(kept);
        expect(files.files.has(kept.storageKey)).toBe(true);
      }
    });

    it('deletes at most a batch a call, the oldest first', async () => {
      const stores = createKyselyStores(db);
      const files = new InMemoryFileStore();
      const sweeper = new KyselySweeper(db, KEY_TTL, files);
      const now = new Date();
      while ((await sweeper.sweep(now)).uploads > 0); // what other tests left
      const user = await givenUser(stores);
      const [newest, oldest, middle] = [
        await givenUpload(stores, files, user.id, now, UNATTACHED_TTL_MS + 1_000),
        await givenUpload(stores, files, user.id, now, UNATTACHED_TTL_MS + 3_000),
        await givenUpload(stores, files, user.id, now, UNATTACHED_TTL_MS + 2_000),
      ];

      expect((await sweeper.sweep(now, 2)).uploads).toBe(2);
      expect([oldest, middle, newest].map((a) => files.files.has(a.storageKey))).toEqual([false, false, true]);
      expect((await sweeper.sweep(now, 2)).uploads).toBe(1);
      expect(await stores.attachments.find(newest.id)).toBeNull();
    });

    it('keeps the rows when the files cannot be deleted (the next sweep tries again), and still sweeps sessions', async () => {
      const stores = createKyselyStores(db);
      const files = new InMemoryFileStore();
      const user = await givenUser(stores);
      const now = new Date();
      const stale = await givenUpload(stores, files, user.id, now, UNATTACHED_TTL_MS + 1);
      const expired = aSession(user.id, { createdAt: new Date(now.getTime() - 7200_000), expiresAt: new Date(now.getTime() - 1000) });
      await stores.sessions.create(expired);
      const away: FileStore = { put: (...args) => files.put(...args), get: (...args) => files.get(...args), delete: async () => Promise.reject(new Error('the store is away')) };

      await expect(new KyselySweeper(db, KEY_TTL, away).sweep(now)).rejects.toThrow('the store is away');

      expect(await stores.attachments.find(stale.id)).toEqual(stale);
      expect(await stores.sessions.find(expired.id)).toBeNull();
      expect((await new KyselySweeper(db, KEY_TTL, files).sweep(now)).uploads).toBeGreaterThanOrEqual(1);
      expect(await stores.attachments.find(stale.id)).toBeNull();
    });
  });
}

describeUploadSweep('PGlite', async () => {
  const db = await createPgliteDatabase();
  return { db, close: () => db.destroy() };
});

describeWithPostgres('on PostgreSQL', () => {
  describeUploadSweep('PostgreSQL', async () => {
    const database: TestDatabase = await createPostgresDatabase();
    return { db: database.db, close: () => database.drop() };
  });
});

// Two transactions at once: PGlite has one connection, so this is PostgreSQL's alone.
describeWithPostgres('sweeping uploads beside an attach under way, on PostgreSQL', () => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    db = database.db;
  });
  afterAll(async () => {
    await database.drop();
  });

    it('passes over an upload whose row another transaction holds (an attach under way), and takes it next time', async () => {
      const stores = createKyselyStores(db);
      const files = new InMemoryFileStore();
      const user = await givenUser(stores);
      const now = new Date();
      const held = await givenUpload(stores, files, user.id, now, UNATTACHED_TTL_MS + 1);
      const sweeper = new KyselySweeper(db, KEY_TTL, files);

      await db.transaction().execute(async (trx) => {
        await trx.selectFrom('attachments').select('id').where('id', '=', held.id).forUpdate().execute();
        await sweeper.sweep(now);
        expect(files.files.has(held.storageKey)).toBe(true);
      });

      await sweeper.sweep(now);
      expect(await stores.attachments.find(held.id)).toBeNull();
      expect(files.files.has(held.storageKey)).toBe(false);
    });
});
