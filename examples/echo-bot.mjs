// An echo bot: answers "!echo <text>" with "<text>" in the same channel, for as long as it runs.
// It signs in as a bot application (POST /api/applications gives its clientId and clientSecret) and
// renews its 15-minute access token itself, so it keeps running past the first quarter hour.
// INVITE=<code> has it join the server the invite leads to first (joining twice changes nothing).
//   BASE_URL=http://localhost:3000 CLIENT_ID=<clientId> CLIENT_SECRET=<clientSecret> INVITE=<code> node examples/echo-bot.mjs
import { createBot, ok } from '@chat/client';
import WebSocket from 'ws'; // browsers and Node 22+ have a WebSocket of their own

const { BASE_URL: baseUrl = 'http://localhost:3000', CLIENT_ID: clientId, CLIENT_SECRET: clientSecret, INVITE: invite } = process.env;
if (!clientId || !clientSecret) {
  console.error('set CLIENT_ID and CLIENT_SECRET to a bot application\'s (POST /api/applications answers with both)');
  process.exit(2);
}
const { rest, gateway } = createBot({ baseUrl, clientId, clientSecret, WebSocket });
let me;

gateway.on('ready', ({ user }) => console.log(`echo bot ready as ${(me = user).username}`));
gateway.on('message.created', ({ content, channelId, author }) => {
  if (author.id === me?.id || !content.startsWith('!echo ')) return;
  const path = { channelId };
  ok(rest.POST('/api/channels/{channelId}/messages', { params: { path }, body: { content: content.slice(6) } })).then(
    (reply) => console.log(`echoed as message ${reply.id}`),
    // One failed reply (a 429, a channel gone, the API away) is logged; the bot keeps running.
    (error) => console.error(`could not echo in channel ${channelId}: ${error.message}`),
  );
});
gateway.on('resumed', ({ replayed }) => console.log(`gateway resumed, ${replayed} missed events replayed`));
gateway.on('disconnected', ({ code, reason, willReconnect }) => willReconnect && console.error(`gateway dropped (${code} ${reason}), reconnecting`));
gateway.on('closed', ({ code, reason }) => (console.error(`gateway closed: ${code} ${reason}`), process.exit(1)));

if (invite) {
  const path = { code: invite };
  await ok(rest.POST('/api/invites/{code}', { params: { path } })).then(
    (server) => console.log(`joined ${server.name}`),
    (error) => (console.error(`could not join with invite ${invite}: ${error.message}`), process.exit(1)),
  );
}
