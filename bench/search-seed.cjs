// Seeds messages of made-up chat text for bench/search.cjs: words drawn from a Zipf distribution
// (the word of rank r about 1/r as often as the commonest), so a search meets what a real one
// does: words in most messages ("the"), words in a few hundred, words in a handful.
const { sql } = require('kysely');

/** The commonest English words, in order of frequency: ranks 1..100 of the vocabulary. */
const COMMON = `the of and to a in is it you that he was for on are with as I his they be at one have this
from or had by hot word but what some we can out other were all there when up use your how said an each
she which do their time if will way about many then them write would like so these her long make thing see
him two has look more day could go come did number sound no most people my over know water than call first
who may down side been now find`.split(/\s+/);

/** Syllables that make the rest of the vocabulary: the word of rank r spells r in base 24. */
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'shi', 'ber', 'don', 'fa', 'gu', 'hel', 'jo', 'pin', 'qua', 'sed', 'tor', 'um', 'wex', 'yal', 'zo', 'bri', 'cal'];

/** The word of rank `rank` (1-based): a common English word, or a made-up one of 3+ syllables. */
function wordOfRank(rank) {
  if (rank <= COMMON.length) return COMMON[rank - 1].toLowerCase();
  let n = rank;
  let word = '';
  for (let i = 0; i < 3 || n > 0; i++) {
    word = SYLLABLES[n % SYLLABLES.length] + word;
    n = Math.floor(n / SYLLABLES.length);
  }
  return word;
}

/**
 * `count` messages in the channels `channelIds`, the first twice as busy as the second and so on
 * (shares 8:4:2:1 for four), interleaved in id order as a server's channels are; authors
 * 1..`users` in turn, ids from `firstId` up. Each has 3-20 words of a vocabulary of `vocabulary`
 * words ranked by Zipf's law (a rank drawn as floor((V + 1)^u), u uniform in [0, 1)).
 * Deterministic: random() is seeded first, so `db` must be a pool of one connection.
 */
async function seedText(db, { channelIds, count, firstId, users, vocabulary = 50_000, seed = 0.42 }) {
  await sql`create table if not exists bench_vocabulary (rank int primary key, word text not null)`.execute(db);
  const { rows } = await sql`select count(*)::int as n from bench_vocabulary`.execute(db);
  if (rows[0].n === 0) {
    for (let from = 1; from <= vocabulary; from += 10_000) {
      const words = Array.from({ length: Math.min(10_000, vocabulary - from + 1) }, (_, i) => wordOfRank(from + i));
      await sql`insert into bench_vocabulary (rank, word) select ${from}::int + i::int - 1, w from unnest(${words}::text[]) with ordinality as t(w, i)`.execute(db);
    }
  }
  // Channel i gets 2^(k-1-i) of every 2^k - 1 messages.
  const slots = channelIds.flatMap((id, i) => Array.from({ length: 2 ** (channelIds.length - 1 - i) }, () => String(id)));
  await sql`select setseed(${seed})`.execute(db);
  for (let done = 0; done < count; done += 100_000) {
    const n = Math.min(100_000, count - done);
    await sql`insert into messages (id, channel_id, route_id, author_id, content, created_at)
      select s.id, s.channel_id, (select c.server_id from channels c where c.id = s.channel_id), s.author_id, s.content, s.created_at from (
      select ${String(firstId)}::bigint + ${done}::bigint + g as id, (${slots}::bigint[])[1 + (${done}::int + g) % ${slots.length}::int] as channel_id, 1 + (g % ${users}::int) as author_id,
             (select string_agg(v.word, ' ' order by k.i)
              from (select i, least(${vocabulary}::int, floor(power(${vocabulary + 1}::float8, random()))::int) as rank
                    from generate_series(1, 3 + (random() * 17)::int + g * 0) i) k
              join bench_vocabulary v on v.rank = k.rank) as content,
             now() - interval '30 days' + make_interval(secs => (${done}::int + g) / 1000.0) as created_at
      from generate_series(1, ${n}::int) g) s`.execute(db);
  }
}

module.exports = { seedText, wordOfRank };
