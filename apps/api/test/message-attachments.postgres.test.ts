import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskFileStore } from '@chat/disk';
import { storageKeyOf } from '@chat/domain';
import { KyselySweeper } from '@chat/postgres';
import { describeWithPostgres } from '@chat/postgres/testing';
import { filesUnder } from './attachments-testing';
import { describeMessageAttachments, uploaded } from './message-attachments-routes';
import { aPostgresTestAppWithDatabase } from './postgres-test-app';

describeWithPostgres('files on messages on PostgreSQL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'chat-message-files-'));
  const disk = new DiskFileStore(dir);
  const { app, db } = aPostgresTestAppWithDatabase({ files: disk });

  // The send statement's own text, as the log keeps it and the gateway splices it.
  describeMessageAttachments('PostgreSQL', app, async () =>
    (await db().selectFrom('events').select(['type', 'payload']).where('type', '=', 'message.created').execute()).map((row) => ({ type: row.type, data: row.payload })),
  );

  it("sweeps a deleted message's files, and a deleted channel's messages' files, from the disk; keeps a live message's", async () => {
    const { owner, channelId, server } = await app().aServerWithMember();
    const as = { Authorization: owner.token };
    const [kept, ofDeleted, ofChannel] = [await uploaded(app(), owner), await uploaded(app(), owner), await uploaded(app(), owner)];
    const room = (await app().http().post(`/api/servers/${server.id}/channels`).set(as).send({ name: 'room' })).body;
    const send = (to: string, id: string) => app().http().post(`/api/channels/${to}/messages`).set(as).send({ attachmentIds: [id] });
    expect((await send(channelId, kept.id)).status).toBe(201);
    const gone = (await send(channelId, ofDeleted.id)).body;
    expect((await send(room.id, ofChannel.id)).status).toBe(201);
    expect(filesUnder(dir)).toEqual(expect.arrayContaining([kept, ofDeleted, ofChannel].map((a) => storageKeyOf(a.id))));

    expect((await app().http().delete(`/api/channels/${channelId}/messages/${gone.id}`).set(as)).status).toBe(204);
    expect((await app().http().delete(`/api/channels/${room.id}`).set(as)).status).toBe(204);
    // Freed files are swept at once, not an hour after their upload.
    const outcome = await new KyselySweeper(db(), 24 * 3600_000, disk).sweep(new Date());

    expect(outcome.uploads).toBe(2);
    const left = filesUnder(dir);
    expect([kept, ofDeleted, ofChannel].map((a) => left.includes(storageKeyOf(a.id)))).toEqual([true, false, false]);
    const rows = await db().selectFrom('attachments').select('id').where('id', 'in', [kept.id, ofDeleted.id, ofChannel.id]).execute();
    expect(rows.map((row) => row.id)).toEqual([kept.id]);
  });
});
