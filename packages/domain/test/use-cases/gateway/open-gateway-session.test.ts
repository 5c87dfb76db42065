import { OpenGatewaySession } from '@chat/domain';
import { createTestWorld, expectOk } from '@chat/domain/testing';
import { aServerWithCast } from '../../helpers';

describe('OpenGatewaySession', () => {
  it("identifies: the user, their servers with channels, and the log's head", async () => {
    const { world, member, server } = await aServerWithCast();
    const token = expectOk(await world.logIn.execute({ username: (await world.stores.users.findById(member.userId))!.username, password: 'correct horse' })).token;

    const opening = await world.openGatewaySession.execute(token, null);

    if (!opening.ok) throw new Error('expected an opening');
    // The list adds the caller's permissions to each channel; the ready frame carries the channels alone.
    const channels = expectOk(await world.listChannels.execute(member, server.id)).map(({ permissions: _permissions, ...channel }) => channel);
    expect(opening.snapshot).toEqual({
      logId: 'memory',
      head: world.events().length,
      oldest: 0,
      user: { id: member.userId, username: expect.any(String), displayName: null, avatar: null },
      servers: [{ server, channels }],
      privateChannels: [],
      conversationIds: new Set(),
      joinedAfter: new Set(),
      hidden: new Map(),
      shownAfter: new Map(),
      unplaced: new Set(),
      readStates: [],
    });
    expect(opening.audience.sees(server.id)).toBe(true);
  });

  it('identifies with the direct conversations: listed, and open to their events', async () => {
    const { world, owner, member } = await aServerWithCast();
    const dm = expectOk(await world.openConversation.execute(owner, { recipientIds: [member.userId] })).conversation;
    const token = expectOk(await world.logIn.execute({ username: (await world.stores.users.findById(member.userId))!.username, password: 'correct horse' })).token;

    const opening = await world.openGatewaySession.execute(token, null);

    if (!opening.ok) throw new Error('expected an opening');
    expect(opening.snapshot.privateChannels).toEqual([dm]);
    expect(opening.audience.sees(dm.id)).toBe(true);
  });

  it('refuses a token that is not live', async () => {
    const world = createTestWorld();
    const grant = expectOk(await world.register.execute({ username: 'ann', email: 'ann@example.com', password: 'correct horse' }));
    await world.logOut.execute((await world.tokens.verify(grant.token))!);

    expect(await world.openGatewaySession.execute(grant.token, null)).toEqual({ ok: false, reason: 'InvalidToken' });
    expect(await world.openGatewaySession.execute('not a token', null)).toEqual({ ok: false, reason: 'InvalidToken' });
  });

  it('resumes from a position in the log, and refuses one beyond its head or of another log', async () => {
    const world = createTestWorld();
    const grant = expectOk(await world.register.execute({ username: 'ann', email: 'ann@example.com', password: 'correct horse' }));
    const ann = (await world.tokens.verify(grant.token))!;
    await world.aServer(ann);
    const head = world.events().length;

    expect((await world.openGatewaySession.execute(grant.token, { logId: 'memory', position: head })).ok).toBe(true);
    expect((await world.openGatewaySession.execute(grant.token, { logId: 'memory', position: 0 })).ok).toBe(true);
    expect(await world.openGatewaySession.execute(grant.token, { logId: 'memory', position: head + 1 })).toEqual({ ok: false, reason: 'UnknownCursor' });
    expect(await world.openGatewaySession.execute(grant.token, { logId: 'other', position: head })).toEqual({ ok: false, reason: 'UnknownCursor' });
  });

  it('opens on identify every server ready shows, even one whose join is not yet in the log', async () => {
    const world = createTestWorld();
    const grant = expectOk(await world.register.execute({ username: 'ann', email: 'ann@example.com', password: 'correct horse' }));
    const ann = (await world.tokens.verify(grant.token))!;
    const server = await world.aServer(ann);
    const history = { after: world.history.after.bind(world.history), snapshot: async (...args: Parameters<typeof world.history.snapshot>) => ({ ...(await world.history.snapshot(...args))!, joinedAfter: new Set([server.id]) }) };

    const opening = await new OpenGatewaySession(world.authenticate, history).execute(grant.token, null);

    if (!opening.ok) throw new Error('expected an opening');
    expect(opening.audience.sees(server.id)).toBe(true);
  });

  it('refuses a session logged out before the snapshot, whatever the token says', async () => {
    const world = createTestWorld();
    const grant = expectOk(await world.register.execute({ username: 'ann', email: 'ann@example.com', password: 'correct horse' }));
    const ann = (await world.tokens.verify(grant.token))!;
    await world.stores.sessions.revoke(ann.sessionId);

    expect(await world.openGatewaySession.execute(grant.token, null)).toEqual({ ok: false, reason: 'InvalidToken' });
  });

  it('opens a server joined after the resume position only at that join', async () => {
    const { world, owner, server } = await aServerWithCast();
    const grant = expectOk(await world.register.execute({ username: 'late', email: 'late@example.com', password: 'correct horse' }));
    const late = (await world.tokens.verify(grant.token))!;
    const before = world.events().length;
    const invite = expectOk(await world.createInvite.execute(owner, server.id));
    expectOk(await world.joinByInvite.execute(late, invite.code));

    const opening = await world.openGatewaySession.execute(grant.token, { logId: 'memory', position: before });

    if (!opening.ok) throw new Error('expected an opening');
    expect(opening.snapshot.joinedAfter).toEqual(new Set([server.id]));
    expect(opening.audience.sees(server.id)).toBe(false);
  });
});
