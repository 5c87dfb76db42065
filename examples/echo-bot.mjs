// An echo bot: answers "!echo <text>" with "<text>" in the same channel, for as long as it runs.
//   BASE_URL=http://localhost:3000 TOKEN=<a bot's access token or a user's token> node examples/echo-bot.mjs
import { connect, createRestClient, ok } from '@chat/client';
import WebSocket from 'ws'; // browsers and Node 22+ have a WebSocket of their own

const baseUrl = process.env.BASE_URL ?? 'http://localhost:3000';
const token = process.env.TOKEN;
const rest = createRestClient({ baseUrl, token });
const gateway = connect({ baseUrl, token, WebSocket });
let me;

gateway.on('ready', ({ user }) => console.log(`echo bot ready as ${(me = user).username}`));
gateway.on('message.created', async ({ content, channelId, author }) => {
  if (author.id === me.id || !content.startsWith('!echo ')) return;
  const path = { channelId };
  const reply = await ok(rest.POST('/api/channels/{channelId}/messages', { params: { path }, body: { content: content.slice(6) } }));
  console.log(`echoed as message ${reply.id}`);
});
gateway.on('closed', ({ code, reason }) => (console.error(`gateway closed: ${code} ${reason}`), process.exit(1)));
