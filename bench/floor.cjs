// The floor: what the database itself can do with the API's own two hot statements, through node-pg
// alone (no HTTP, no Express, no JWT, no rate limit, no request log). It calls the message store of
// @chat/postgres (the built dist the API runs), `pageJsonAs` and `createAs`, over one pool of 10
// connections planned as the API's hot pool is (generic plans), from 10 concurrent loops in this
// process. `createAs` batches the sends of one event-loop turn exactly as it does in the API.
const { newMessage } = require('@chat/domain');
const { createKyselyStores, openPostgres } = require('@chat/postgres');

let counter = 0n;
/** Snowflake ids with worker 1021: neither the seed's (1023), the baseline's (1022) nor a leased one. */
const nextId = () => ((BigInt(Date.now()) - 1_704_067_200_000n) << 22n) | (1021n << 12n) | (counter++ & 4095n);

/** `concurrency` loops calling `once(i)` for `seconds`; operations per second. */
async function loop(once, { concurrency, seconds }) {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, i) => {
      while (performance.now() < end) {
        await once(i);
        done += 1;
      }
    }),
  );
  return done / seconds;
}

/**
 * Requests per second of the page statement (newest 50 of `getChannelId`, as `viewer`) and of the
 * send statement (into `postChannelId`, as users 1..concurrency with sessions 10001.., as seed.cjs
 * makes them): a warm-up, then `runs` alternating runs of `seconds`; the median of each.
 */
async function measureFloor({ url, getChannelId, postChannelId, viewer, warmup, runs, seconds, concurrency = 10 }) {
  const db = openPostgres({ url, poolSize: concurrency, genericPlans: true });
  const { messages } = createKyselyStores(db);
  const page = async () => {
    const result = await messages.pageJsonAs(viewer, getChannelId, { limit: 50 });
    if (!result.ok || result.value.length < 100) throw new Error(`floor: the page failed: ${JSON.stringify(result).slice(0, 200)}`);
  };
  const send = async (i) => {
    const actor = { userId: String(i + 1), sessionId: String(10001 + i) };
    const message = newMessage({ id: String(nextId()), channelId: postChannelId, content: 'hello from the benchmark', createdAt: new Date() });
    const result = await messages.createAs(actor, message, null);
    if (!result.ok) throw new Error(`floor: a send failed: ${JSON.stringify(result)}`);
  };
  try {
    await loop(page, { concurrency, seconds: warmup });
    await loop(send, { concurrency, seconds: warmup });
    const gets = [];
    const posts = [];
    for (let run = 0; run < runs; run++) {
      gets.push(await loop(page, { concurrency, seconds }));
      posts.push(await loop(send, { concurrency, seconds }));
    }
    return { get: median(gets), post: median(posts) };
  } finally {
    await db.destroy();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

module.exports = { measureFloor };
