import { expectOk } from '@chat/domain/testing';
import { aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

describe('GetServer', () => {
  it('returns the server to its owner', async () => {
    const { world, owner, server } = await aServerWithCast();

    expect(await world.getServer.execute(owner, server.id)).toEqual({ ok: true, value: server });
  });

  it('returns the server to a plain member', async () => {
    const { world, member, server } = await aServerWithCast();

    expect(await world.getServer.execute(member, server.id)).toEqual({ ok: true, value: server });
  });

  it('returns NotAMember when the caller is not in the server', async () => {
    const { world, outsider, server } = await aServerWithCast();

    expect(await world.getServer.execute(outsider, server.id)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it('returns NotAMember to a member who has left', async () => {
    const { world, member, server } = await aServerWithCast();
    expectOk(await world.leaveServer.execute(member, server.id));

    expect(await world.getServer.execute(member, server.id)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it('returns ServerNotFound for an unknown id', async () => {
    const { world, owner } = await aServerWithCast();

    expect(await world.getServer.execute(owner, UNKNOWN_ID)).toEqual({ ok: false, error: { kind: 'ServerNotFound' } });
  });

  it.each([MALFORMED_ID, '', '-1', '1.5', '99999999999999999999'])('returns ServerNotFound for the malformed id %j', async (id) => {
    const { world, owner } = await aServerWithCast();

    expect(await world.getServer.execute(owner, id)).toEqual({ ok: false, error: { kind: 'ServerNotFound' } });
  });

  it('returns ServerNotFound for a channel id, which names no server', async () => {
    const { world, owner, channelId } = await aServerWithCast();

    expect(await world.getServer.execute(owner, channelId)).toEqual({ ok: false, error: { kind: 'ServerNotFound' } });
  });
});
