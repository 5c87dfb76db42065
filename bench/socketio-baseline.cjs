// The gateway's baseline: what a person would write instead of our gateway, with the usual tools.
// Express 5 + socket.io 4 with @socket.io/redis-adapter (pub/sub through Redis), so replicas that
// share Redis and PostgreSQL fan a message out to every client of its server, wherever connected.
// - POST /api/channels/:id/messages: jose HS256 verify, one statement (the insert, returning the
//   message with its author's name and its channel's server), 201 with the message JSON, then
//   `message.created` with the same JSON (plus serverId) to the room of that server.
// - A socket.io client sends its token in `auth` on connect; one query lists its servers, the socket
//   joins a room per server and gets `ready`. No membership check on POST, no rate limit, no replay.
// Environment: PORT, DATABASE_URL, JWT_SECRET, REDIS_URL, REDIS_KEY_PREFIX.
const http = require('node:http');
const express = require('express');
const { jwtVerify } = require('jose');
const { CompiledQuery, Kysely, PostgresDialect } = require('kysely');
const { Pool } = require('pg');
const { Server } = require('socket.io');
const { createAdapter } = require('@socket.io/redis-adapter');
const { Redis } = require('ioredis');

const secret = process.env.JWT_SECRET;
const db = new Kysely({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: process.env.DATABASE_URL, max: 10 }) }) });
const query = async (text, params) => (await db.executeQuery(CompiledQuery.raw(text, params))).rows;

let counter = 0n;
const worker = BigInt(1000 + (process.pid % 20));
const nextId = () => ((BigInt(Date.now()) - 1_704_067_200_000n) << 22n) | (worker << 12n) | (counter++ & 4095n);

const verify = async (header) => {
  const token = String(header ?? '').replace(/^Bearer /, '');
  const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
  return payload.sub;
};

const SEND = `
  with m as (
    insert into messages (id, channel_id, route_id, author_id, content, created_at) values ($1, $2, (select server_id from channels where id = $2), $3, $4, now())
    returning id, channel_id, content, created_at, edited_at, author_id
  )
  select m.*, u.username, c.server_id from m join users u on u.id = m.author_id join channels c on c.id = m.channel_id`;

async function main() {
  const app = express();
  app.use(express.json());
  app.get('/health', (_req, res) => res.json({ status: 'ok' }));
  const server = http.createServer(app);
  const io = new Server(server);
  const prefix = process.env.REDIS_KEY_PREFIX ?? 'socket.io';
  const pub = new Redis(process.env.REDIS_URL);
  const sub = pub.duplicate();
  io.adapter(createAdapter(pub, sub, { key: prefix }));

  io.use(async (socket, next) => {
    try {
      const userId = await verify(socket.handshake.auth?.token);
      const rows = await query('select server_id from members where user_id = $1', [userId]);
      socket.data.userId = userId;
      socket.data.servers = rows.map((r) => String(r.server_id));
      next();
    } catch {
      next(new Error('unauthorized'));
    }
  });
  io.on('connection', (socket) => {
    socket.join(socket.data.servers.map((id) => `server:${id}`));
    socket.emit('ready', { user: { id: socket.data.userId }, servers: socket.data.servers });
  });

  app.post('/api/channels/:channelId/messages', async (req, res) => {
    let userId;
    try {
      userId = await verify(req.headers.authorization);
    } catch {
      return res.status(401).end();
    }
    const [row] = await query(SEND, [String(nextId()), req.params.channelId, userId, req.body.content]);
    const message = {
      id: row.id,
      channelId: row.channel_id,
      content: row.content,
      createdAt: new Date(row.created_at).toISOString(),
      editedAt: row.edited_at ? new Date(row.edited_at).toISOString() : null,
      author: { id: row.author_id, username: row.username },
      reactions: [],
    };
    res.status(201).json(message);
    io.to(`server:${row.server_id}`).emit('message.created', { ...message, serverId: String(row.server_id) });
  });

  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    process.stdout.write(`socket.io baseline listening on http://127.0.0.1:${server.address().port}\n`);
  });
  const stop = () => {
    io.close();
    pub.disconnect();
    sub.disconnect();
    db.destroy().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main();
