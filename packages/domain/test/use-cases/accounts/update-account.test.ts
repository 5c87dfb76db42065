import { compareIds, userUpdated } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aServerWithCast } from '../../helpers';

describe('UpdateAccount', () => {
  it('changes the display name (trimmed) and avatar, answers the account, and tells the user’s servers once', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const second = await world.aServer(owner, 'Second');
    const invite = expectOk(await world.createInvite.execute(owner, second.id));
    expectOk(await world.joinByInvite.execute(member, invite.code));
    const before = world.events().length;

    const account = expectOk(await world.updateAccount.execute(member, { displayName: '  Amy B.  ', avatar: 'https://cdn.example.com/me.png' }));

    expect(account).toEqual({ ...expectOk(await world.getAccount.execute(member)), displayName: 'Amy B.', avatar: 'https://cdn.example.com/me.png' });
    const summary = { id: member.userId, username: account.username, displayName: 'Amy B.', avatar: 'https://cdn.example.com/me.png' };
    expect(world.events().slice(before)).toEqual([userUpdated(summary, [server.id, second.id].sort(compareIds))]);
    expect(expectOk(await world.getUserProfile.execute(owner, member.userId))).toEqual({ ...summary, bot: false });
  });

  it('renames the user: their messages and member record carry the new name, and the old one is free', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    expectOk(await world.sendMessage.execute(member, channelId, { content: 'hi' }));
    const oldName = expectOk(await world.getAccount.execute(member)).username;

    expectOk(await world.updateAccount.execute(member, { username: 'renamed.one' }));

    const [message] = expectOk(await world.readMessages(owner, channelId));
    expect(message?.author).toEqual({ id: member.userId, username: 'renamed.one', displayName: null, avatar: null });
    const members = expectOk(await world.getMembers.execute(owner, server.id, {}));
    expect(members.find((m) => m.userId === member.userId)?.user.username).toBe('renamed.one');
    expect(await world.stores.users.findByUsername(oldName)).toBeNull();
  });

  it('answers UsernameInUse for a name another user holds, in any case, and changes nothing', async () => {
    const { world, owner, member } = await aServerWithCast();
    const before = world.events().length;
    const account = expectOk(await world.getAccount.execute(member));

    expect(await world.updateAccount.execute(member, { username: 'OWNER', displayName: 'Not me' })).toEqual({ ok: false, error: { kind: 'UsernameInUse' } });

    expect(expectOk(await world.getAccount.execute(member))).toEqual(account);
    expect(world.events().length).toBe(before);
    // Their own name in another case is theirs to take.
    expect(expectOk(await world.updateAccount.execute(owner, { username: 'Owner' })).username).toBe('Owner');
  });

  it('refuses a bad username, display name and avatar all at once, and an empty change', async () => {
    const { world, member } = await aServerWithCast();

    expect(await world.updateAccount.execute(member, { username: 'no spaces', displayName: `  ${'x'.repeat(33)} `, avatar: 'http://cdn.example.com/a.png' })).toEqual({
      ok: false,
      error: {
        kind: 'ValidationFailed',
        issues: [
          { path: 'username', message: 'may contain only letters, digits, "_", "." and "-"' },
          { path: 'displayName', message: 'must be 1-32 characters after trimming' },
          { path: 'avatar', message: "must be an https URL, an uploaded image's id, or null" },
        ],
      },
    });
    expect(await world.updateAccount.execute(member, { displayName: '\u200b\u200b' })).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'displayName', message: 'must contain a visible character' }] },
    });
    expect(await world.updateAccount.execute(member, {})).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: '', message: 'must change at least one of username, displayName, avatar' }] },
    });
  });

  it('clears the display name and avatar with null, and logs nothing for a change that changes nothing', async () => {
    const { world, member } = await aServerWithCast();
    expectOk(await world.updateAccount.execute(member, { displayName: 'Amy', avatar: 'https://cdn.example.com/a.png' }));

    const cleared = expectOk(await world.updateAccount.execute(member, { displayName: null, avatar: null }));
    const before = world.events().length;
    expectOk(await world.updateAccount.execute(member, { displayName: null }));

    expect([cleared.displayName, cleared.avatar]).toEqual([null, null]);
    expect(world.events().length).toBe(before);
  });

  it('tells a user in no server only themself: the event names no server', async () => {
    const { world, outsider } = await aServerWithCast();

    const account = expectOk(await world.updateAccount.execute(outsider, { displayName: 'Loner' }));

    expect(world.events().at(-1)).toEqual(userUpdated({ id: outsider.userId, username: account.username, displayName: 'Loner', avatar: null }, []));
  });
});
