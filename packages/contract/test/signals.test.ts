import { CLOSE, parseClientFrame, signalFromWire, signalJson, signalWire } from '@chat/contract';
import { presenceUpdated, typingStarted } from '@chat/domain';

describe('signals on the wire', () => {
  const typing = typingStarted({ id: '20', serverId: null }, '3', new Date('2026-11-01T10:00:10.000Z'));
  const presence = presenceUpdated('3', 'idle', ['10', '20']);

  it('carries a signal between replicas intact, a presence’s servers included, which a client is never sent', () => {
    expect([signalFromWire(signalWire(typing)), signalFromWire(signalWire(presence))]).toEqual([typing, presence]);
    expect(signalJson(presence)).toEqual({ t: 'presence.updated', d: { userId: '3', status: 'idle' } });
  });

  it.each([
    ['not JSON', '{'],
    ['another type', '{"t":"later.type","d":{}}'],
    ['a status no client knows', '{"t":"presence.updated","d":{"userId":"3","status":"away","serverIds":[]}}'],
    ['a presence without its servers', '{"t":"presence.updated","d":{"userId":"3","status":"idle"}}'],
    ['no data', '{"t":"typing.started"}'],
  ])('reads %s as nothing', (_case, text) => {
    expect(signalFromWire(text)).toBeNull();
  });
});

describe('the presence frames a client sends', () => {
  it('takes presence with a known status, and identify or resume with one', () => {
    expect(parseClientFrame('{"op":"presence","d":{"status":"dnd"}}')).toEqual({ ok: true, frame: { op: 'presence', d: { status: 'dnd' } } });
    expect(parseClientFrame('{"op":"identify","d":{"token":"t","presence":{"status":"invisible"}}}')).toEqual({
      ok: true,
      frame: { op: 'identify', d: { token: 't', presence: { status: 'invisible' } } },
    });
  });

  it.each([
    ['an unknown status', '{"op":"presence","d":{"status":"away"}}', 'a malformed presence frame: d.status must be online, idle, dnd or invisible'],
    ['no status', '{"op":"presence","d":{}}', 'a malformed presence frame: d.status must be online, idle, dnd or invisible'],
    ['offline, which is shown, not chosen', '{"op":"presence","d":{"status":"offline"}}', 'a malformed presence frame: d.status must be online, idle, dnd or invisible'],
    ['an identify with an unknown status', '{"op":"resume","d":{"token":"t","cursor":"c","presence":{"status":"away"}}}', 'a malformed resume frame: d.presence.status must be online, idle, dnd or invisible'],
  ])('refuses %s with 4002, naming the field', (_case, text, reason) => {
    expect(parseClientFrame(text)).toEqual({ ok: false, close: CLOSE.DECODE_ERROR, reason });
  });
});
