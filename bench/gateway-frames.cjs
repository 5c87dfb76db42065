// The gateway's cost per event on the dispatch path, in one process without sockets: reading an
// event from the log's text and route (lazilyDecoded, then `route`, which routing and Audience
// need) and making its dispatch frame (Delivery.frameOf), once per event per replica, whatever the
// number of sockets. Two forms of a message.created as the log holds them:
// - "written again": json_build_object text (as the send statement wrote before it wrote the wire form): decoded, then
//   written again (eventJson + JSON.stringify), as every event was before the splice;
// - "spliced": the same event as JSON.stringify(eventJson(event).d) wrote it: never decoded (routed
//   by its stored route), its text put in the frame as it is.
// `node bench/gateway-frames.cjs` (builds nothing: `pnpm build` first). Medians of 7 alternating rounds.
const path = require('node:path');
const ROOT = path.resolve(__dirname, '..');
const contract = require(require.resolve('@chat/contract', { paths: [path.join(ROOT, 'apps/api')] }));
const { Delivery } = require(path.join(ROOT, 'apps/api/dist/gateway/delivery.js'));

const content = 'gateway bench message 17: the quick brown fox jumps over the lazy dog';
const fromSql =
  `{"id" : "123456789012345678", "channelId" : "901", "content" : ${JSON.stringify(content)}, "createdAt" : "2026-11-25T16:50:00.123Z", ` +
  `"editedAt" : null, "author" : {"id" : "1000001", "username" : "gw_1000001"}, "reactions" : [], "serverId" : "900", "nonce" : null}`;
const wire = JSON.stringify(contract.eventJson(contract.readEvent('message.created', fromSql)).d);
const delivery = new Delivery({ logId: 'abc', maxBufferBytes: 1 << 20 });
const EVENTS = 100_000;
const ROUNDS = 7;

function perEvent(text) {
  let bytes = 0;
  const start = process.hrtime.bigint();
  for (let position = 1; position <= EVENTS; position++) {
    const logged = contract.lazilyDecoded(position, String(position), 'message.created', text, { serverId: '900', subjectId: null });
    if (logged.route.serverId === null) throw new Error('no route');
    bytes += delivery.frameOf(logged).length;
  }
  if (bytes === 0) throw new Error('no frames');
  return Number(process.hrtime.bigint() - start) / EVENTS;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];
const again = [];
const spliced = [];
perEvent(fromSql);
perEvent(wire);
for (let round = 0; round < ROUNDS; round++) {
  again.push(perEvent(fromSql));
  spliced.push(perEvent(wire));
}
const a = median(again);
const s = median(spliced);
console.log(`per event: written again ${(a / 1000).toFixed(2)} µs, spliced ${(s / 1000).toFixed(2)} µs, spliced ÷ written again ${(s / a).toFixed(2)}`);
