import type { Application, RefreshToken, Session, Stores } from '../../src';
import type { SeedableStores } from './fixtures';
import { aSession, at, freshId, givenUser, uniqueToken } from './fixtures';

/** What every `ApplicationRepository` and `RefreshTokenRepository` must do. */
export function describeApplicationRepositoryContract(name: string, makeStores: () => Promise<SeedableStores>): void {
  describe(`ApplicationRepository and RefreshTokenRepository contract: ${name}`, () => {
    let stores: Stores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    async function givenApplication(ownerId?: string): Promise<Application> {
      const owner = ownerId ?? (await givenUser(stores)).id;
      const bot = await givenUser(stores, { bot: true });
      const id = freshId();
      const application: Application = { id, name: 'Bot', ownerId: owner, botUserId: bot.id, clientId: id, clientSecretHash: `h-${uniqueToken()}`, createdAt: at(5) };
      await stores.applications.create(application);
      return application;
    }

    async function givenRefreshToken(application: Application, familyId?: string): Promise<RefreshToken> {
      let family = familyId;
      if (!family) {
        const session: Session = aSession(application.botUserId);
        await stores.sessions.create(session);
        family = session.id;
      }
      const token: RefreshToken = {
        tokenHash: `rt-${uniqueToken()}`,
        familyId: family,
        applicationId: application.id,
        userId: application.botUserId,
        createdAt: at(1),
        expiresAt: at(60_000),
      };
      expect(await stores.refreshTokens.create(token)).toBe('created');
      return token;
    }

    it('creates an application and finds it by id and by client id, exactly as stored', async () => {
      const application = await givenApplication();
      expect(await stores.applications.findById(application.id)).toEqual(application);
      expect(await stores.applications.findByClientId(application.clientId)).toEqual(application);
      expect(await stores.applications.findById(freshId())).toBeNull();
    });

    it("lists an owner's applications oldest first with their bot, and no one else's", async () => {
      const owner = await givenUser(stores);
      const first = await givenApplication(owner.id);
      const second = await givenApplication(owner.id);
      await givenApplication();
      const listed = await stores.applications.listByOwner(owner.id, { limit: 1000 });
      expect(listed.map((a) => a.id)).toEqual([first.id, second.id]);
      expect(listed[0]).toEqual({ id: first.id, name: 'Bot', clientId: first.clientId, bot: await stores.users.findSummary(first.botUserId) });
    });

    it("counts an owner's applications", async () => {
      const owner = await givenUser(stores);
      await givenApplication(owner.id);
      await givenApplication(owner.id);
      await givenApplication();

      expect(await stores.applications.countByOwner(owner.id)).toBe(2);
      expect(await stores.applications.countByOwner(freshId())).toBe(0);
    });

    it('replaces the secret hash', async () => {
      const application = await givenApplication();
      await stores.applications.updateSecretHash(application.id, 'new-hash');
      expect((await stores.applications.findById(application.id))?.clientSecretHash).toBe('new-hash');
    });

    it('deletes an application with its refresh tokens', async () => {
      const application = await givenApplication();
      const token = await givenRefreshToken(application);
      await stores.applications.delete(application.id);
      expect(await stores.applications.findById(application.id)).toBeNull();
      expect(await stores.refreshTokens.findByHash(token.tokenHash)).toBeNull();
    });

    it('stores a refresh token by hash and spends it exactly once', async () => {
      const token = await givenRefreshToken(await givenApplication());
      expect(await stores.refreshTokens.findByHash(token.tokenHash)).toEqual(token);
      expect(await stores.refreshTokens.use(token.tokenHash, at(2))).toBe('used');
      expect(await stores.refreshTokens.use(token.tokenHash, at(3))).toBe('AlreadyUsed');
      expect(await stores.refreshTokens.use('no-such-token', at(3))).toBe('NotFound');
    });

    it('answers Revoked when the family or the application is gone', async () => {
      const application = await givenApplication();
      const goneFamily = { tokenHash: `rt-${uniqueToken()}`, familyId: freshId(), applicationId: application.id, userId: application.botUserId, createdAt: at(), expiresAt: at(60_000) };
      expect(await stores.refreshTokens.create(goneFamily)).toBe('Revoked');
      const session: Session = aSession(application.botUserId);
      await stores.sessions.create(session);
      await stores.applications.delete(application.id);
      expect(await stores.refreshTokens.create({ ...goneFamily, tokenHash: `rt-${uniqueToken()}`, familyId: session.id })).toBe('Revoked');
      expect(await stores.refreshTokens.findByHash(goneFamily.tokenHash)).toBeNull();
    });

    it('revokes a whole family and nothing else', async () => {
      const application = await givenApplication();
      const first = await givenRefreshToken(application);
      const sibling = await givenRefreshToken(application, first.familyId);
      const stranger = await givenRefreshToken(application);
      await stores.refreshTokens.revokeFamily(first.familyId);
      expect(await stores.refreshTokens.findByHash(first.tokenHash)).toBeNull();
      expect(await stores.refreshTokens.findByHash(sibling.tokenHash)).toBeNull();
      expect(await stores.refreshTokens.findByHash(stranger.tokenHash)).toEqual(stranger);
    });

    it("revokes all of a user's sessions and only theirs", async () => {
      const application = await givenApplication();
      const one = await givenRefreshToken(application);
      const two = await givenRefreshToken(application);
      const other = await givenUser(stores);
      const otherSession: Session = aSession(other.id);
      await stores.sessions.create(otherSession);
      await stores.sessions.revokeAllForUser(application.botUserId);
      expect(await stores.sessions.find(one.familyId)).toBeNull();
      expect(await stores.sessions.find(two.familyId)).toBeNull();
      expect(await stores.sessions.find(otherSession.id)).toEqual(otherSession);
    });

    it('sweeps refresh tokens expired at the time given, spent or not, up to a limit; live ones stay', async () => {
      const application = await givenApplication();
      const live = await givenRefreshToken(application);
      const expired = [await givenExpiredRefreshToken(application), await givenExpiredRefreshToken(application), await givenExpiredRefreshToken(application)];
      await stores.refreshTokens.use(expired[0]!.tokenHash, at());

      let swept = 0;
      for (let pass = await stores.refreshTokens.sweepExpired(at(), 2); pass > 0; pass = await stores.refreshTokens.sweepExpired(at(), 2)) {
        expect(pass).toBeLessThanOrEqual(2);
        swept += pass;
      }

      expect(swept).toBeGreaterThanOrEqual(3);
      for (const gone of expired) expect(await stores.refreshTokens.findByHash(gone.tokenHash)).toBeNull();
      expect(await stores.refreshTokens.findByHash(live.tokenHash)).toEqual(live);
    });

    async function givenExpiredRefreshToken(application: Application): Promise<RefreshToken> {
      const session = aSession(application.botUserId);
      await stores.sessions.create(session);
      const token: RefreshToken = {
        tokenHash: `rt-${uniqueToken()}`,
        familyId: session.id,
        applicationId: application.id,
        userId: application.botUserId,
        createdAt: at(-120_000),
        expiresAt: at(-60_000),
      };
      expect(await stores.refreshTokens.create(token)).toBe('created');
      return token;
    }
  });
}
