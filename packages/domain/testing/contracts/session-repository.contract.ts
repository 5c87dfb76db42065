import type { Session, Stores } from '../../src';
import type { SeedableStores } from './fixtures';
import { at, freshId, givenUser } from './fixtures';

/** What every `SessionRepository` must do. */
export function describeSessionRepositoryContract(name: string, makeStores: () => Promise<SeedableStores>): void {
  describe(`SessionRepository contract: ${name}`, () => {
    let stores: Stores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    async function givenSession(): Promise<Session> {
      const user = await givenUser(stores);
      const session: Session = { id: freshId(), userId: user.id, createdAt: at(1) };
      await stores.sessions.create(session);
      return session;
    }

    it('creates a session and finds it exactly as stored', async () => {
      const user = await givenUser(stores);
      const session: Session = { id: freshId(), userId: user.id, createdAt: at(42) };

      await stores.sessions.create(session);

      expect(await stores.sessions.find(session.id)).toEqual(session);
    });

    it('answers null for an unknown session', async () => {
      expect(await stores.sessions.find(freshId())).toBeNull();
    });

    it('answers null for a revoked session', async () => {
      const session = await givenSession();

      await stores.sessions.revoke(session.id);

      expect(await stores.sessions.find(session.id)).toBeNull();
    });

    it('revokes twice without complaint, and the session stays revoked', async () => {
      const session = await givenSession();

      await stores.sessions.revoke(session.id);
      await expect(stores.sessions.revoke(session.id)).resolves.toBeUndefined();

      expect(await stores.sessions.find(session.id)).toBeNull();
    });

    it('revokes an unknown session without complaint', async () => {
      await expect(stores.sessions.revoke(freshId())).resolves.toBeUndefined();
    });

    it('revokes only the session named, not the other sessions of the same user', async () => {
      const user = await givenUser(stores);
      const first: Session = { id: freshId(), userId: user.id, createdAt: at(1) };
      const second: Session = { id: freshId(), userId: user.id, createdAt: at(2) };
      await stores.sessions.create(first);
      await stores.sessions.create(second);

      await stores.sessions.revoke(first.id);

      expect(await stores.sessions.find(first.id)).toBeNull();
      expect(await stores.sessions.find(second.id)).toEqual(second);
    });
  });
}
