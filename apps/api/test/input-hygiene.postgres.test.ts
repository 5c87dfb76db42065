import { describeWithPostgres } from '@chat/postgres/testing';
import { aPostgresTestApp } from './postgres-test-app';
import { problemBody } from './test-app';

/*
 * On PostgreSQL, where text with a NUL never reaches a statement: it answered 500 there (the
 * in-memory stores keep anything), from the message nonce and the ban reason.
 */
describeWithPostgres('malformed text on PostgreSQL', () => {
  const app = aPostgresTestApp();

  const unclean = (path: string) => problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path, message: 'must be valid Unicode text without NUL characters' }] });

  it.each([
    ['content', { content: 'a\u0000b' }],
    ['nonce', { content: 'hello', nonce: 'n\u0000' }],
    ['nonce', { content: 'hello', nonce: '\ud800' }],
  ])('answers 400 naming %s for a message with a NUL or a lone surrogate', async (path, body) => {
    const { owner, channelId } = await app().aServerWithMember();
    const res = await app().http().post(`/api/channels/${channelId}/messages`).set('Authorization', owner.token).send(body);
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: unclean(path) });
  });

  it.each([['avatar', 'https://cdn.example.com/a\u0000.png'], ['banner', 'https://cdn.example.com/\udfff']])('answers 400 for a server %s URL with a NUL or a lone surrogate', async (path, url) => {
    const { owner, server } = await app().aServerWithMember();
    const res = await app().http().patch(`/api/servers/${server.id}`).set('Authorization', owner.token).send({ [path]: url });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: unclean(path) });
  });

  it.each([['a NUL', 'spam\u0000'], ['a lone surrogate', 'spam\udc00']])('answers 400 for a ban reason with %s, and bans no one', async (_name, reason) => {
    const { owner, member, server } = await app().aServerWithMember();
    const res = await app().http().put(`/api/servers/${server.id}/bans/${member.id}`).set('Authorization', owner.token).send({ reason });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: unclean('reason') });
    const bans = await app().http().get(`/api/servers/${server.id}/bans`).set('Authorization', owner.token);
    expect(bans.body).toEqual([]);
  });
});
