import type { Attachment } from '@chat/client';
import { readyIn, roomIn, uploadFailed, uploadFinished, uploadingIn, uploadProgressed, uploadsIn, uploadsRemoved, uploadStarted } from '../src/model/uploads.js';
import { chain } from '../src/model/state.js';
import { openChannelState } from './model-mothers.js';

const attachment = (id: string): Attachment => ({ id, filename: `${id}.png`, contentType: 'image/png', size: 100, width: 2, height: 2, url: `/api/attachments/${id}` });
const started = (key: string, channelId = '11') => (state: Parameters<typeof uploadStarted>[0]) => uploadStarted(state, { key, channelId, filename: `${key}.png`, size: 100 });

describe('the files being attached in the composer', () => {
  it('shows each upload as it goes, then as ready to send, and draws the chips at each change', () => {
    const first = started('a')(openChannelState());
    expect(first.effects).toEqual([{ kind: 'uploads' }]);
    expect(uploadsIn(first.state, '11')).toEqual([{ key: 'a', channelId: '11', filename: 'a.png', size: 100, sent: 0 }]);
    expect(uploadingIn(first.state, '11')).toBe(true);
    const half = uploadProgressed(first.state, 'a', 50);
    expect(half.effects).toEqual([{ kind: 'uploads' }]);
    expect(uploadsIn(half.state, '11')[0]?.sent).toBe(50);
    // Progress never passes the file's size (the multipart body is a little larger).
    expect(uploadsIn(uploadProgressed(half.state, 'a', 180).state, '11')[0]?.sent).toBe(100);
    const done = uploadFinished(half.state, 'a', attachment('900'));
    expect(uploadingIn(done.state, '11')).toBe(false);
    expect(readyIn(done.state, '11').map((upload) => upload.attachment?.id)).toEqual(['900']);
  });

  it('keeps each channel’s files with it: a send carries the open channel’s finished ones, in the order chosen', () => {
    const { state } = chain(openChannelState(), started('a'), started('b', '12'), started('c'), (s) => uploadFinished(s, 'c', attachment('3')), (s) => uploadFinished(s, 'a', attachment('1')), (s) => uploadFinished(s, 'b', attachment('2')));
    expect(readyIn(state, '11').map((upload) => upload.key)).toEqual(['a', 'c']);
    expect(readyIn(state, '12').map((upload) => upload.key)).toEqual(['b']);
    const sent = uploadsRemoved(state, ['a', 'c']);
    expect(sent.state.uploads.map((upload) => upload.key)).toEqual(['b']);
    expect(sent.effects).toEqual([{ kind: 'uploads' }]);
  });

  it('keeps a failed upload as a chip that says why, not sent and not counted against the ten', () => {
    const { state } = chain(openChannelState(), started('a'), (s) => uploadFailed(s, 'a', 'Uploading failed: the file is too large for this server.'));
    expect(uploadsIn(state, '11')[0]?.problem).toBe('Uploading failed: the file is too large for this server.');
    expect(uploadingIn(state, '11')).toBe(false);
    expect(readyIn(state, '11')).toEqual([]);
    expect(roomIn(state, '11')).toBe(10);
  });

  it('leaves at most ten files to a message', () => {
    const { state } = chain(openChannelState(), ...Array.from({ length: 7 }, (_, n) => started(`k${n}`)));
    expect(roomIn(state, '11')).toBe(3);
    expect(roomIn(state, '12')).toBe(10);
  });

  it('ignores news of an upload removed meanwhile (its progress or its end do not bring it back)', () => {
    const { state } = chain(openChannelState(), started('a'), (s) => uploadsRemoved(s, ['a']));
    for (const late of [uploadProgressed(state, 'a', 10), uploadFinished(state, 'a', attachment('1')), uploadFailed(state, 'a', 'x'), uploadsRemoved(state, ['a'])]) {
      expect(late.state).toBe(state);
      expect(late.effects).toEqual([]);
    }
  });
});
