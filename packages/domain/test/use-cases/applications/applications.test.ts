import { createTestWorld, expectOk } from '@chat/domain/testing';

describe('bot applications', () => {
  it('creates an application whose bot is a user with the bot flag, and shows the secret once', async () => {
    const world = createTestWorld();
    const owner = await world.aUser('owner');
    const created = expectOk(await world.createApplication.execute(owner, { name: '  Greeter!  ' }));
    expect(created).toEqual({ id: created.id, name: 'Greeter!', clientId: created.id, clientSecret: 'secret-1', bot: { id: created.bot.id, username: expect.stringMatching(/^Greeter-\d+$/), displayName: null, avatar: null } });
    expect((await world.stores.users.findById(created.bot.id))?.bot).toBe(true);
    expect((await world.stores.applications.findById(created.id))?.clientSecretHash).toBe('hashed:secret-1');
    expect(expectOk(await world.listApplications.execute(owner))).toEqual([{ id: created.id, name: 'Greeter!', clientId: created.id, bot: created.bot }]);
  });

  it('returns ValidationFailed for a blank name', async () => {
    const world = createTestWorld();
    const result = await world.createApplication.execute(await world.aUser(), { name: '  ' });
    expect(result).toEqual({ ok: false, error: { kind: 'ValidationFailed', issues: [{ path: 'name', message: expect.any(String) }] } });
  });

  it('rotates the secret for the owner only', async () => {
    const world = createTestWorld();
    const owner = await world.aUser();
    const created = expectOk(await world.createApplication.execute(owner, { name: 'Bot' }));
    expect(await world.rotateApplicationSecret.execute(await world.aUser(), created.id)).toEqual({ ok: false, error: { kind: 'NotTheOwner' } });
    expect(await world.rotateApplicationSecret.execute(owner, '123')).toEqual({ ok: false, error: { kind: 'ApplicationNotFound' } });
    expect(expectOk(await world.rotateApplicationSecret.execute(owner, created.id)).clientSecret).toBe('secret-2');
    expect(await world.clientCredentialsGrant.execute({ clientId: created.clientId, clientSecret: 'secret-1' })).toEqual({ ok: false, error: { kind: 'InvalidClient' } });
  });

  it('deletes an application and revokes its bot sessions', async () => {
    const world = createTestWorld();
    const owner = await world.aUser();
    const created = expectOk(await world.createApplication.execute(owner, { name: 'Bot' }));
    const pair = expectOk(await world.clientCredentialsGrant.execute({ clientId: created.clientId, clientSecret: created.clientSecret }));
    expect((await world.authenticate.execute(pair.accessToken)).ok).toBe(true);
    expect(await world.deleteApplication.execute(owner, created.id)).toEqual({ ok: true, value: undefined });
    expect(await world.authenticate.execute(pair.accessToken)).toEqual({ ok: false, error: { kind: 'InvalidToken' } });
    expect(expectOk(await world.listApplications.execute(owner))).toEqual([]);
  });

  it('keeps bots from creating servers and applications', async () => {
    const world = createTestWorld();
    const created = expectOk(await world.createApplication.execute(await world.aUser(), { name: 'Bot' }));
    const pair = expectOk(await world.clientCredentialsGrant.execute({ clientId: created.clientId, clientSecret: created.clientSecret }));
    const bot = expectOk(await world.authenticate.execute(pair.accessToken));
    expect(await world.createServer.execute(bot, { name: 'Mine' })).toEqual({ ok: false, error: { kind: 'BotsCannotDoThis' } });
    expect(await world.createApplication.execute(bot, { name: 'Sub' })).toEqual({ ok: false, error: { kind: 'BotsCannotDoThis' } });
  });
});

describe('OAuth2 grants', () => {
  async function aClient() {
    const world = createTestWorld();
    const created = expectOk(await world.createApplication.execute(await world.aUser(), { name: 'Bot' }));
    return { world, credentials: { clientId: created.clientId, clientSecret: created.clientSecret } };
  }

  it('refuses an unknown client and a wrong secret alike', async () => {
    const { world, credentials } = await aClient();
    for (const bad of [{ ...credentials, clientSecret: 'wrong' }, { ...credentials, clientId: '999' }]) {
      expect(await world.clientCredentialsGrant.execute(bad)).toEqual({ ok: false, error: { kind: 'InvalidClient' } });
    }
  });

  it('names the owner in its bot\'s access tokens, first and refreshed (an owner\'s bots share a send limit)', async () => {
    const world = createTestWorld();
    const owner = await world.aUser('owner');
    const created = expectOk(await world.createApplication.execute(owner, { name: 'Bot' }));
    const credentials = { clientId: created.clientId, clientSecret: created.clientSecret };
    const first = expectOk(await world.clientCredentialsGrant.execute(credentials));
    const second = expectOk(await world.refreshTokenGrant.execute(credentials, first.refreshToken));
    for (const pair of [first, second]) {
      const actor = expectOk(await world.authenticate.execute(pair.accessToken));
      expect(actor).toEqual({ userId: created.bot.id, sessionId: actor.sessionId, botOwnerId: owner.userId });
    }
  });

  it('rotates refresh tokens within a family', async () => {
    const { world, credentials } = await aClient();
    const first = expectOk(await world.clientCredentialsGrant.execute(credentials));
    const second = expectOk(await world.refreshTokenGrant.execute(credentials, first.refreshToken));
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(expectOk(await world.authenticate.execute(second.accessToken)).sessionId).toBe(expectOk(await world.authenticate.execute(first.accessToken)).sessionId);
  });

  it('revokes the whole family when a spent refresh token comes back', async () => {
    const { world, credentials } = await aClient();
    const first = expectOk(await world.clientCredentialsGrant.execute(credentials));
    const second = expectOk(await world.refreshTokenGrant.execute(credentials, first.refreshToken));
    expect(await world.refreshTokenGrant.execute(credentials, first.refreshToken)).toEqual({ ok: false, error: { kind: 'InvalidGrant' } });
    expect(await world.refreshTokenGrant.execute(credentials, second.refreshToken)).toEqual({ ok: false, error: { kind: 'InvalidGrant' } });
    expect(await world.authenticate.execute(second.accessToken)).toEqual({ ok: false, error: { kind: 'InvalidToken' } });
  });

  it('refuses an expired refresh token', async () => {
    const { world, credentials } = await aClient();
    const first = expectOk(await world.clientCredentialsGrant.execute(credentials));
    world.clock.advance(31 * 24 * 3600 * 1000);
    expect(await world.refreshTokenGrant.execute(credentials, first.refreshToken)).toEqual({ ok: false, error: { kind: 'InvalidGrant' } });
  });
});
