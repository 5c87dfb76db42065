import { describeWithPostgres } from '@chat/postgres/testing';
import { aPostgresTestApp } from './postgres-test-app';
import { problemBody } from './test-app';

/*
 * On PostgreSQL, an id that is not one never reaches a statement: a channel is looked for among the
 * servers' channels, then the direct conversations, and a malformed or out-of-range id is neither
 * (the in-memory stores would take any string; a bigint column refuses it with an error, a 500).
 */
describeWithPostgres('channel ids that name nothing, on PostgreSQL', () => {
  const app = aPostgresTestApp();
  const notFound = problemBody(404, 'Not Found', 'NOT_FOUND');

  it.each(['abc', '9223372036854775808', '42'])('answers 404 on every message route for the channel id %s', async (channelId) => {
    const { owner } = await app().aServerWithMember();
    const as = (req: { set(name: string, value: string): unknown }) => req.set('Authorization', owner.token);
    const http = app().http();
    const calls = [
      http.get(`/api/channels/${channelId}/messages`),
      http.get(`/api/channels/${channelId}/messages/1`),
      http.post(`/api/channels/${channelId}/messages`).send({ content: 'x' }),
      http.patch(`/api/channels/${channelId}/messages/1`).send({ content: 'x' }),
      http.delete(`/api/channels/${channelId}/messages/1`),
      http.post(`/api/channels/${channelId}/messages/1/reactions`).send({ emoji: '👍' }),
      http.delete(`/api/channels/${channelId}/messages/1/reactions/${encodeURIComponent('👍')}`),
      http.patch(`/api/channels/${channelId}`).send({ name: 'x' }),
      http.put(`/api/channels/${channelId}/recipients/1`),
    ];
    for (const call of calls) {
      as(call);
      const res = await call;
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: notFound });
    }
  });
});
