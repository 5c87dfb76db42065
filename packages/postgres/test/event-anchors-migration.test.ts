import { eventJson } from '@chat/contract';
import { sessionRevoked } from '@chat/domain';
import { freshId } from '@chat/domain/testing/contracts';
import { KyselyEventHistory, KyselyEventRelay, migrateToLatest, migrateUpTo, openPglite } from '@chat/postgres';
import { sql } from 'kysely';

/**
 * The upgrade from positions stored on each event row to anchors: what was placed stays delivered,
 * the head stays where it was, and what was committed but not placed yet is placed after it.
 */
describe('the event-anchors migration', () => {
  it('keeps the head, drops what was delivered and places what was not, after the head', async () => {
    const db = openPglite();
    try {
      await migrateUpTo(db, '2026-11-23T00-00-events');
      const insert = async (pos: number | null) => {
        const { t, d } = eventJson(sessionRevoked(freshId(), freshId()));
        await sql`insert into events (type, payload, pos) values (${t}, ${JSON.stringify(d)}, ${pos})`.execute(db);
      };
      // Positions 1..3 were placed (1 since pruned), two events were still waiting.
      for (const pos of [2, 3]) await insert(pos);
      await sql`update event_log set head = 3`.execute(db);
      for (let i = 0; i < 2; i += 1) await insert(null);
      const waiting = await sql<{ id: string }>`select id from events where pos is null order by id`.execute(db);

      await migrateToLatest(db);
      const relay = new KyselyEventRelay(db);
      const history = new KyselyEventHistory(db);
      expect((await relay.head()).head).toBe(3);
      const pass = await relay.place();

      expect(pass.placed.map(({ position, id }) => ({ position, id }))).toEqual(waiting.rows.map(({ id }, i) => ({ position: 4 + i, id })));
      expect((await history.after(3, 10)).map(({ position, id }) => ({ position, id }))).toEqual(waiting.rows.map(({ id }, i) => ({ position: 4 + i, id })));
      expect((await history.after(0, 10)).map(({ position }) => position)).toEqual([4, 5]);
      const userId = freshId();
      const sessionId = freshId();
      await sql`insert into users (id, username, email, password_hash, created_at) values (${userId}, ${`u${userId}`}, ${`${userId}@example.com`}, 'x', now())`.execute(db);
      await sql`insert into sessions (id, user_id, created_at) values (${sessionId}, ${userId}, now())`.execute(db);
      // A cursor before the head can no longer be resumed from: those events are gone.
      expect((await history.snapshot({ userId, sessionId }, null))?.oldest).toBe(3);
    } finally {
      await db.destroy();
    }
  });
});
