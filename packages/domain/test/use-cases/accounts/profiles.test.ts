import { expectOk } from '@chat/domain/testing';
import { aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

describe('GetAccount', () => {
  it('answers the caller’s own account, without the password', async () => {
    const { world, member } = await aServerWithCast();
    const account = expectOk(await world.getAccount.execute(member));

    expect(account).toEqual({
      id: member.userId,
      username: expect.any(String),
      displayName: null,
      avatar: null,
      email: `${account.username}@example.com`,
      bot: false,
      createdAt: world.clock.now(),
    });
  });
});

describe('GetUserProfile', () => {
  it('shows a user to someone who shares a server with them, and to themself', async () => {
    const { world, owner, member } = await aServerWithCast();
    const username = expectOk(await world.getAccount.execute(member)).username;
    const profile = { id: member.userId, username, displayName: null, avatar: null, bot: false };

    expect(await world.getUserProfile.execute(owner, member.userId)).toEqual({ ok: true, value: profile });
    expect(await world.getUserProfile.execute(member, member.userId)).toEqual({ ok: true, value: profile });
  });

  it('shows a bot as a bot', async () => {
    const { world, owner, server } = await aServerWithCast();
    const bot = await world.aBotIn(server, owner);

    expect(expectOk(await world.getUserProfile.execute(owner, bot.userId)).bot).toBe(true);
  });

  it('answers a stranger exactly as an id no user has: UserNotFound', async () => {
    const { world, owner, member, outsider, server } = await aServerWithCast();
    const notFound = { ok: false, error: { kind: 'UserNotFound' } };

    expect(await world.getUserProfile.execute(outsider, member.userId)).toEqual(notFound);
    expect(await world.getUserProfile.execute(member, outsider.userId)).toEqual(notFound);
    expect(await world.getUserProfile.execute(member, UNKNOWN_ID)).toEqual(notFound);
    expect(await world.getUserProfile.execute(member, MALFORMED_ID)).toEqual(notFound);
    // Once they no longer share a server, the profile is gone too.
    expectOk(await world.getUserProfile.execute(owner, member.userId));
    expectOk(await world.leaveServer.execute(member, server.id));
    expect(await world.getUserProfile.execute(owner, member.userId)).toEqual(notFound);
  });
});
