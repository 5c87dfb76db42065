import { channelOpened, loadEnded, loadStarted } from '../src/model/events.js';
import { mentionAuthorSet, quoteOf, replyCancelled, replyFields, replySent, replyStarted } from '../src/model/replies.js';
import { jumpStarted } from '../src/model/window.js';
import { applyAll, bob, listed, message, openChannelState, serverState } from './model-mothers.js';

const quoted = (id: string, content: string) => ({ id, author: { id: bob.id, username: bob.username }, content });

describe("the page's model: replies", () => {
  it('opens the reply bar on a message, sends its id, mentions its author unless turned off, and closes once sent', () => {
    const started = replyStarted(openChannelState([message('1')]), message('1'));
    expect(started.effects).toEqual([{ kind: 'reply' }]);
    expect(started.state.replying).toEqual({ channelId: '11', messageId: '1', author: bob, mentionAuthor: true });
    expect(replyFields(started.state, '11')).toEqual({ replyTo: '1' });
    const quiet = mentionAuthorSet(started.state, false).state;
    expect(replyFields(quiet, '11')).toEqual({ replyTo: '1', mentionAuthor: false });
    // Not to another channel's send, and nothing without a reply.
    expect(replyFields(quiet, '99')).toEqual({});
    expect(replyFields(openChannelState(), '11')).toEqual({});
    const sent = replySent(quiet, '1');
    expect(sent.state.replying).toBeUndefined();
    expect(sent.effects).toEqual([{ kind: 'reply' }]);
  });

  it('keeps a reply started meanwhile when an earlier one is sent; Cancel closes it; a plain send closes none', () => {
    const second = replyStarted(openChannelState([message('1'), message('2')]), message('2')).state;
    expect(replySent(second, '1').state.replying?.messageId).toBe('2');
    expect(replySent(second, undefined).state).toBe(second);
    expect(replyCancelled(second).state.replying).toBeUndefined();
    expect(replyCancelled(openChannelState()).effects).toEqual([]);
  });

  it('drops the reply when another channel opens, and keeps it through a jump in the same channel', () => {
    const servers = [serverState({ channels: [listed(), listed({ id: '12', name: 'random' })] })];
    const replying = replyStarted(openChannelState([message('1')], servers), message('1')).state;
    expect(channelOpened(jumpStarted(replying, '1'), '11').state.replying?.messageId).toBe('1');
    expect(channelOpened(replying, '12').state.replying).toBeUndefined();
  });

  it('quotes the author by the name the page calls them and the start of the text on one line, mentions by name', () => {
    const named = openChannelState([], [serverState({ members: [{ ...serverState().members![1]!, user: { ...bob, displayName: 'Bob B' } }] })]);
    expect(quoteOf(named, quoted('1', 'hello\n  <@200> there'))).toEqual({ kind: 'quote', name: 'Bob B', text: 'hello @Bob B there' });
    const long = quoteOf(openChannelState(), { id: '1', author: { id: '999', username: 'zed' }, content: 'x'.repeat(150) });
    expect(long).toEqual({ kind: 'quote', name: 'zed', text: `${'x'.repeat(100)}…` });
    expect(quoteOf(openChannelState(), { id: '1', deleted: true })).toEqual({ kind: 'deleted' });
    // Files alone: nothing to quote but that. A blocked author's words stay folded.
    expect(quoteOf(openChannelState(), quoted('1', ''))).toEqual({ kind: 'quote', name: 'bob', text: 'Attachment' });
    expect(quoteOf({ ...openChannelState(), blocked: new Set([bob.id]) }, quoted('1', 'rude words'))).toEqual({ kind: 'quote', name: 'bob', text: 'Message from a blocked user' });
  });

  it("says a quote's original was deleted when message.deleted comes, and drops a reply being written to it", () => {
    const reply = message('2', { replyTo: quoted('1', 'message 1') });
    const state = replyStarted(openChannelState([message('1'), reply, message('3')]), message('1')).state;
    const { state: after, effects } = applyAll(state, { type: 'message.deleted', data: { id: '1', channelId: '11', serverId: '10' } });
    expect(after.messages.map(({ id }) => id)).toEqual(['2', '3']);
    expect(after.messages[0]?.replyTo).toEqual({ id: '1', deleted: true });
    expect(after.replying).toBeUndefined();
    expect(effects).toEqual(expect.arrayContaining([{ kind: 'removed', id: '1' }, { kind: 'message', id: '2' }, { kind: 'reply' }]));
  });

  it("shows an edited original's new start in its replies' quotes, after a page on its way lands", () => {
    const reply = message('2', { replyTo: quoted('1', 'old words') });
    const loading = loadStarted(openChannelState([message('1'), reply])).state;
    const waited = applyAll(loading, { type: 'message.updated', data: { ...message('1', { content: 'new words', editedAt: '2026-01-02T00:00:00.000Z' }), serverId: '10' } }).state;
    expect(waited.messages[1]?.replyTo).toEqual(quoted('1', 'old words'));
    const { state, effects } = loadEnded(waited);
    expect(state.messages[1]?.replyTo).toEqual(quoted('1', 'new words'));
    expect(effects).toEqual(expect.arrayContaining([{ kind: 'message', id: '1' }, { kind: 'message', id: '2' }]));
  });
});
