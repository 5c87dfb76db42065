import type { Stores } from '../../src';
import type { SeedableStores } from './fixtures';
import { aUser, freshId, givenUser, summaryOf } from './fixtures';

/** What every `UserRepository` must do. */
export function describeUserRepositoryContract(name: string, makeStores: () => Promise<SeedableStores>): void {
  describe(`UserRepository contract: ${name}`, () => {
    let stores: Stores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    it('creates a user and finds it by id exactly as stored', async () => {
      const user = aUser();

      expect(await stores.users.create(user)).toBe('created');

      expect(await stores.users.findById(user.id)).toEqual(user);
    });

    it('holds a user, reading it as findById does; null if unknown', async () => {
      const user = await givenUser(stores);

      expect(await stores.users.hold(user.id)).toEqual(await stores.users.findById(user.id));
      expect(await stores.users.hold(freshId())).toBeNull();
    });

    it('finds the summary of a user: id, username, display name and avatar only', async () => {
      const user = await givenUser(stores, { displayName: 'Ann B.', avatar: 'https://img.example/a.png' });

      expect(await stores.users.findSummary(user.id)).toEqual({ id: user.id, username: user.username, displayName: 'Ann B.', avatar: 'https://img.example/a.png' });
    });

    it('finds a user by email whatever the case of the address asked for', async () => {
      const user = await givenUser(stores);

      expect(await stores.users.findByEmail(user.email)).toEqual(user);
      expect(await stores.users.findByEmail(user.email.toUpperCase())).toEqual(user);
    });

    it('finds a user by username whatever the case of the name asked for', async () => {
      const user = await givenUser(stores, { username: `Mixed_${freshId()}` });

      expect(await stores.users.findByUsername(user.username)).toEqual(user);
      expect(await stores.users.findByUsername(user.username.toUpperCase())).toEqual(user);
      expect(await stores.users.findByUsername(user.username.toLowerCase())).toEqual(user);
    });

    it('keeps the username with the case it was registered with', async () => {
      const user = await givenUser(stores, { username: `CamelCase_${freshId()}` });

      expect((await stores.users.findByUsername(user.username.toLowerCase()))?.username).toBe(user.username);
      expect(await stores.users.findSummary(user.id)).toEqual(summaryOf(user));
    });

    it('answers UsernameTaken for a username already taken, in any case, and stores nothing', async () => {
      const existing = await givenUser(stores);
      const clash = aUser({ username: existing.username.toUpperCase() });

      expect(await stores.users.create(clash)).toBe('UsernameTaken');

      expect(await stores.users.findById(clash.id)).toBeNull();
      expect(await stores.users.findByEmail(clash.email)).toBeNull();
      expect(await stores.users.findByUsername(existing.username)).toEqual(existing);
    });

    it('answers UsernameTaken for exactly the same username', async () => {
      const existing = await givenUser(stores);

      expect(await stores.users.create(aUser({ username: existing.username }))).toBe('UsernameTaken');
    });

    it('answers EmailTaken for an email already taken, in any case, and stores nothing', async () => {
      const existing = await givenUser(stores);
      const clash = aUser({ email: existing.email.toUpperCase() });

      expect(await stores.users.create(clash)).toBe('EmailTaken');

      expect(await stores.users.findById(clash.id)).toBeNull();
      expect(await stores.users.findByUsername(clash.username)).toBeNull();
      expect(await stores.users.findByEmail(existing.email)).toEqual(existing);
    });

    it('answers EmailTaken for exactly the same email', async () => {
      const existing = await givenUser(stores);

      expect(await stores.users.create(aUser({ email: existing.email }))).toBe('EmailTaken');
    });

    it('answers one of the two clashes when both the username and the email are taken', async () => {
      const existing = await givenUser(stores);
      const clash = aUser({ username: existing.username, email: existing.email });

      expect(['UsernameTaken', 'EmailTaken']).toContain(await stores.users.create(clash));
      expect(await stores.users.findById(clash.id)).toBeNull();
    });

    it('answers null for an unknown id, email or username', async () => {
      expect(await stores.users.findById(freshId())).toBeNull();
      expect(await stores.users.findSummary(freshId())).toBeNull();
      expect(await stores.users.findByEmail(`nobody_${freshId()}@example.com`)).toBeNull();
      expect(await stores.users.findByUsername(`nobody_${freshId()}`)).toBeNull();
    });
  });
}
