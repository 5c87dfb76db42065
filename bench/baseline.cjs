// The baseline: the most naive correct handler a person would write with the same stack.
// Express 5, jose HS256 verify (key passed as bytes each time), one query, no membership check,
// no rate limit. A message's files come with links signed the plain way: one HMAC per link per read.
// ENGINE=pg uses Kysely on pg; ENGINE=pglite uses PGlite's query API directly.
const { createHmac } = require('node:crypto');
const express = require('express');
const { jwtVerify } = require('jose');

const secret = process.env.JWT_SECRET;
const engine = process.env.ENGINE ?? 'pg';

function openQuery() {
  if (engine === 'pglite') {
    const { PGlite, types } = require('@electric-sql/pglite');
    const db = new PGlite({ dataDir: process.env.DATA_DIR, parsers: { [types.INT8]: (v) => v } });
    return (text, params) => db.query(text, params).then((r) => r.rows);
  }
  const { CompiledQuery, Kysely, PostgresDialect } = require('kysely');
  const { Pool } = require('pg');
  const db = new Kysely({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: process.env.DATABASE_URL, max: 10 }) }) });
  return async (text, params) => (await db.executeQuery(CompiledQuery.raw(text, params))).rows;
}

const PAGE = `
  select m.id, m.channel_id, m.content, m.created_at, m.edited_at, m.author_id, u.username, m.attachments,
    coalesce((select json_agg(json_build_object('emoji', r.emoji, 'count', r.count, 'reacted', r.reacted))
              from (select emoji, count(*)::int as count, bool_or(user_id = $2) as reacted
                    from reactions where message_id = m.id group by emoji) r), '[]'::json) as reactions
  from messages m join users u on u.id = m.author_id
  where m.channel_id = $1 order by m.id desc limit 50`;

let counter = 0n;
const nextId = () => ((BigInt(Date.now()) - 1_704_067_200_000n) << 22n) | (1022n << 12n) | (counter++ & 4095n);

async function main() {
  const query = openQuery();
  const routes = new Map();
  const app = express();
  app.use(express.json());
  const auth = async (req) => {
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    return payload.sub;
  };
  const signedUrl = (id) => {
    const expires = Math.floor(Date.now() / 1000) + 24 * 3600;
    return `/api/attachments/${id}?expires=${expires}&signature=${createHmac('sha256', secret).update(`${id}:${expires}`).digest('base64url')}`;
  };
  const toJson = (r) => ({
    id: r.id,
    channelId: r.channel_id,
    content: r.content,
    createdAt: new Date(r.created_at).toISOString(),
    editedAt: r.edited_at ? new Date(r.edited_at).toISOString() : null,
    author: { id: r.author_id, username: r.username },
    reactions: r.reactions,
    attachments: (r.attachments ?? []).map((a) => ({ ...a, url: signedUrl(a.id) })),
  });
  app.get('/api/channels/:channelId/messages', async (req, res) => {
    let userId;
    try {
      userId = await auth(req);
    } catch {
      return res.status(401).end();
    }
    const rows = await query(PAGE, [req.params.channelId, userId]);
    res.json(rows.reverse().map(toJson));
  });
  app.post('/api/channels/:channelId/messages', async (req, res) => {
    let userId;
    try {
      userId = await auth(req);
    } catch {
      return res.status(401).end();
    }
    // The row's route (its server), learned once per channel as ours does (ChannelRoutes).
    let route = routes.get(req.params.channelId);
    if (route === undefined) {
      const [found] = await query('select coalesce((select server_id::text from channels where id = $1), $1::text) as route', [req.params.channelId]);
      routes.set(req.params.channelId, (route = found.route));
    }
    const [row] = await query(
      `insert into messages (id, channel_id, route_id, author_id, content, created_at) values ($1, $2, $3, $4, $5, now())
       returning id, channel_id, content, created_at, edited_at, author_id`,
      [String(nextId()), req.params.channelId, route, userId, req.body.content],
    );
    res.status(201).json(toJson({ ...row, username: null, reactions: [] }));
  });
  const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
    process.stdout.write(`baseline listening on http://127.0.0.1:${server.address().port}\n`);
  });
}

main();
