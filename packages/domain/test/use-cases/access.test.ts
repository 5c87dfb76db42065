import { bitsOf } from '../../src/entities/permissions';
import { accessRefusal, fromGate } from '../../src/use-cases/access';

/* The one rule of access precedence, which every store's facts go through. */
describe('accessRefusal', () => {
  const facts = (sessionLive: boolean, found: boolean, member: boolean) => ({ sessionLive, found, member });

  it('hides everything behind a dead session (401 before 404 before 403)', () => {
    for (const [found, member] of [[true, true], [true, false], [false, false]] as const) {
      expect(accessRefusal(facts(false, found, member), 'ChannelNotFound')).toEqual({ kind: 'InvalidToken' });
    }
  });

  it('then says what does not exist, then what the caller may not see', () => {
    expect(accessRefusal(facts(true, false, false), 'ChannelNotFound')).toEqual({ kind: 'ChannelNotFound' });
    expect(accessRefusal(facts(true, false, false), 'ServerNotFound')).toEqual({ kind: 'ServerNotFound' });
    expect(accessRefusal(facts(true, true, false), 'ChannelNotFound')).toEqual({ kind: 'NotAMember' });
    expect(accessRefusal({ found: true, member: false }, 'ServerNotFound')).toEqual({ kind: 'NotAMember' });
  });

  it('refuses nothing when every fact allows access', () => {
    expect(accessRefusal(facts(true, true, true), 'ChannelNotFound')).toBeNull();
    expect(accessRefusal({ found: true, member: true }, 'ServerNotFound')).toBeNull();
  });
});

describe('fromGate', () => {
  const needs = ['VIEW_CHANNEL', 'SEND_MESSAGES'] as const;
  const refused = (sessionLive: boolean, channelFound: boolean, member: boolean, permissions = 0, conversation = false) => ({
    ok: false as const,
    facts: { sessionLive, channelFound, member, permissions, conversation, blocked: false },
  });

  it("turns a store's refused facts into the use case's error, and an open gate into its value", () => {
    expect(fromGate({ ok: true, value: 7 }, needs)).toEqual({ ok: true, value: 7 });
    expect(fromGate(refused(false, false, false), needs)).toEqual({ ok: false, error: { kind: 'InvalidToken' } });
    expect(fromGate(refused(true, false, false), needs)).toEqual({ ok: false, error: { kind: 'ChannelNotFound' } });
    expect(fromGate(refused(true, true, false), needs)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
    // Outside a direct conversation: not one of its recipients.
    expect(fromGate(refused(true, true, false, 0, true), needs)).toEqual({ ok: false, error: { kind: 'NotARecipient' } });
  });

  it('refuses a member the first permission they miss there: seeing the channel, then what the operation needs', () => {
    expect(fromGate(refused(true, true, true, 0), needs)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'VIEW_CHANNEL' } });
    expect(fromGate(refused(true, true, true, bitsOf(['VIEW_CHANNEL'])), needs)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'SEND_MESSAGES' } });
    // A dead session still comes first, whatever the member holds.
    expect(fromGate(refused(false, true, true, 0), needs)).toEqual({ ok: false, error: { kind: 'InvalidToken' } });
  });

  it('does not open a gate the store refused, even with facts that all allow (a store bug)', () => {
    expect(fromGate(refused(true, true, true, bitsOf(needs)), needs)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });
});
