import { SESSION_USE_GRANULARITY_MS, type Session, type Stores } from '../../src';
import type { SeedableStores } from './fixtures';
import { aSession, at, freshId, givenUser } from './fixtures';

/** What every `SessionRepository` must do. */
export function describeSessionRepositoryContract(name: string, makeStores: () => Promise<SeedableStores>): void {
  describe(`SessionRepository contract: ${name}`, () => {
    let stores: Stores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    async function givenSession(overrides: Partial<Session> = {}): Promise<Session> {
      const user = await givenUser(stores);
      const session = aSession(user.id, { createdAt: at(1), ...overrides });
      await stores.sessions.create(session);
      return session;
    }

    it('creates a session and finds it exactly as stored', async () => {
      const user = await givenUser(stores);
      const session = aSession(user.id, { createdAt: at(42), expiresAt: at(90_000), lastUsedAt: at(43), userAgent: 'Mozilla/5.0 (X11; Linux)' });

      await stores.sessions.create(session);

      expect(await stores.sessions.find(session.id)).toEqual(session);
    });

    it('answers null for an unknown session', async () => {
      expect(await stores.sessions.find(freshId())).toBeNull();
    });

    it('answers null for a revoked session, and revokes twice or an unknown one without complaint', async () => {
      const session = await givenSession();

      await stores.sessions.revoke(session.id);
      await expect(stores.sessions.revoke(session.id)).resolves.toBeUndefined();
      await expect(stores.sessions.revoke(freshId())).resolves.toBeUndefined();

      expect(await stores.sessions.find(session.id)).toBeNull();
    });

    it("lists a user's unexpired sessions newest first, no one else's", async () => {
      const user = await givenUser(stores);
      const older = aSession(user.id, { createdAt: at(1) });
      const newer = aSession(user.id, { createdAt: at(2) });
      const expired = aSession(user.id, { createdAt: at(0), expiresAt: at(5) });
      for (const session of [older, expired, newer]) await stores.sessions.create(session);
      await givenSession();

      expect(await stores.sessions.listForUser(user.id, at(10))).toEqual([newer, older]);
    });

    it('revokes only its own user’s session by id', async () => {
      const mine = await givenSession();
      const other = await givenSession();

      expect(await stores.sessions.revokeOwn(mine.userId, other.id)).toBe('absent');
      expect(await stores.sessions.find(other.id)).toEqual(other);
      expect(await stores.sessions.revokeOwn(mine.userId, mine.id)).toBe('revoked');
      expect(await stores.sessions.revokeOwn(mine.userId, mine.id)).toBe('absent');
    });

    it('revokes every session of a user but the one kept, and answers how many went', async () => {
      const user = await givenUser(stores);
      const [kept, a, b] = [aSession(user.id), aSession(user.id), aSession(user.id)];
      for (const session of [kept, a, b]) await stores.sessions.create(session);
      const stranger = await givenSession();

      expect(await stores.sessions.revokeAllForUser(user.id, kept.id)).toBe(2);
      expect(await stores.sessions.find(kept.id)).toEqual(kept);
      expect(await stores.sessions.find(a.id)).toBeNull();
      expect(await stores.sessions.revokeAllForUser(user.id)).toBe(1);
      expect(await stores.sessions.find(stranger.id)).toEqual(stranger);
    });

    it('moves the expiry, records a use only forward in time, and sweeps expired sessions up to a limit', async () => {
      const session = await givenSession({ expiresAt: at(1000) });
      await stores.sessions.extend(session.id, at(5000));
      await stores.sessions.touch(session.id, at(SESSION_USE_GRANULARITY_MS + 10));
      await stores.sessions.touch(session.id, at(3));
      expect(await stores.sessions.find(session.id)).toEqual({ ...session, expiresAt: at(5000), lastUsedAt: at(SESSION_USE_GRANULARITY_MS + 10) });

      const [gone1, gone2, gone3] = [await givenSession({ expiresAt: at(-3) }), await givenSession({ expiresAt: at(-2) }), await givenSession({ expiresAt: at(-1) })];
      let swept = 0;
      for (let pass = await stores.sessions.sweepExpired(at(0), 2); pass > 0; pass = await stores.sessions.sweepExpired(at(0), 2)) {
        expect(pass).toBeLessThanOrEqual(2);
        swept += pass;
      }
      expect(swept).toBeGreaterThanOrEqual(3);
      for (const gone of [gone1, gone2, gone3]) expect(await stores.sessions.find(gone.id)).toBeNull();
      expect(await stores.sessions.find(session.id)).not.toBeNull();
    });
  });
}
