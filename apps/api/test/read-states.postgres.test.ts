import { FixedClock } from '@chat/domain/testing';
import { firstIdAt, UNREAD_COUNT_CAP } from '@chat/domain';
import { describeWithPostgres } from '@chat/postgres/testing';
import { describeReadStateRoutes } from './read-states-routes';
import { aPostgresTestAppWithDatabase } from './postgres-test-app';

describeWithPostgres('read states on PostgreSQL', () => {
  const { app, db } = aPostgresTestAppWithDatabase();
  describeReadStateRoutes('PostgreSQL', app);

  const states = async (token: string) => (await app().http().get('/api/users/@me/read-states').set('Authorization', token)).body;

  it(`counts at most ${UNREAD_COUNT_CAP} unread messages and mentions (${UNREAD_COUNT_CAP + 1} stored at once)`, async () => {
    const { owner, member, server, channelId } = await app().aServerWithMember();
    // Ids of a minute ago under a worker id no replica of this test leases: none of them taken.
    const base = BigInt(firstIdAt(new Date(Date.now() - 60_000))) + (1023n << 12n);
    const rows = Array.from({ length: UNREAD_COUNT_CAP + 1 }, (_, n) => ({
      id: (base + BigInt(n)).toString(),
      channel_id: channelId,
      author_id: owner.id,
      content: `message ${n}`,
      created_at: new Date(),
      edited_at: null,
      route_id: server.id,
      mentions: [],
      mention_roles: [],
      // Each says @everyone: mentions stop at the cap too.
      mention_everyone: true,
    }));
    await db().insertInto('messages').values(rows).execute();

    expect(await states(member.token)).toEqual([{ channelId, serverId: server.id, lastReadMessageId: null, unreadCount: UNREAD_COUNT_CAP, mentionCount: UNREAD_COUNT_CAP }]);
  });

  it('shows a newcomer nothing said before they joined', async () => {
    const { owner, server, channelId } = await app().aServerWithMember();
    await app().send(owner, channelId, 'before anyone came');
    // The app's clock stands still (in May 2026) while ids tell the real time: joins happen now from here on.
    const clock = app().adapters.clock;
    if (!(clock instanceof FixedClock)) throw new Error('the test app has a fixed clock');
    await new Promise((resolve) => setTimeout(resolve, 2));
    clock.advance(Date.now() - clock.now().getTime());
    const newcomer = await app().register();
    await app().join(newcomer, server.id, owner);
    expect(await states(newcomer.token)).toEqual([]);

    await new Promise((resolve) => setTimeout(resolve, 2));
    await app().send(owner, channelId, 'welcome');
    expect(await states(newcomer.token)).toEqual([expect.objectContaining({ channelId, unreadCount: 1 })]);
  });
});
