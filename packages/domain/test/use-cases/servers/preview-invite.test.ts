import { expectOk } from '@chat/domain/testing';
import { aServerWithCast } from '../../helpers';

describe('PreviewInvite', () => {
  it('shows where a live invite leads, to anyone signed in or not: the server, its member count and the expiry', async () => {
    const { world, owner, outsider, server } = await aServerWithCast();
    const invite = expectOk(await world.createInvite.execute(owner, server.id, { expiresInSeconds: 3_600 }));
    const expected = { code: invite.code, server: { id: server.id, name: server.name, avatar: server.avatar, memberCount: 2 }, expiresAt: invite.expiresAt };

    expect(await world.previewInvite.execute(undefined, invite.code)).toEqual({ ok: true, value: expected });
    expect(await world.previewInvite.execute(outsider, invite.code)).toEqual({ ok: true, value: expected });
    expect(await world.stores.members.find(server.id, outsider.userId)).toBeNull();
  });

  it('answers InviteNotFound for an expired, used-up, revoked, unknown or malformed code', async () => {
    const { world, owner, outsider, server } = await aServerWithCast();
    const expiring = expectOk(await world.createInvite.execute(owner, server.id, { expiresInSeconds: 60 }));
    const once = expectOk(await world.createInvite.execute(owner, server.id, { maxUses: 1 }));
    const revoked = expectOk(await world.createInvite.execute(owner, server.id));
    expectOk(await world.joinByInvite.execute(outsider, once.code));
    expectOk(await world.revokeInvite.execute(owner, revoked.code));
    world.clock.advance(61_000);

    for (const code of [expiring.code, once.code, revoked.code, 'nothing-here', 'not a code!']) {
      expect({ code, answer: await world.previewInvite.execute(undefined, code) }).toEqual({ code, answer: { ok: false, error: { kind: 'InviteNotFound' } } });
    }
  });

  it('answers InviteNotFound to a caller banned from the server, as a join would', async () => {
    const { world, owner, outsider, server } = await aServerWithCast();
    const invite = expectOk(await world.createInvite.execute(owner, server.id));
    expectOk(await world.banMember.execute(owner, server.id, outsider.userId));

    expect(await world.previewInvite.execute(outsider, invite.code)).toEqual({ ok: false, error: { kind: 'InviteNotFound' } });
    expect((await world.previewInvite.execute(undefined, invite.code)).ok).toBe(true);
  });
});
