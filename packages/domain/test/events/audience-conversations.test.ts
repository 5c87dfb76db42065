import { Audience, NO_MENTIONS, conversationClosed, conversationOpened, conversationUpdated, messageCreated, messageDeleted, type ConversationView } from '@chat/domain';

const ME = '1';
const OTHER = '2';
const DM = '30';

const view = (id: string, recipientIds: string[]): ConversationView => ({
  id,
  type: recipientIds.length > 2 ? 'group' : 'dm',
  ownerId: null,
  name: null,
  recipients: recipientIds.map((userId) => ({ id: userId, username: `u${userId}`, displayName: null, avatar: null })),
  lastMessageId: null,
  createdAt: new Date(0),
});
const aMessageIn = (conversationId: string) => messageCreated(null, { id: '99', channelId: conversationId, content: 'hi', createdAt: new Date(0), editedAt: null, ...NO_MENTIONS, attachments: [], replyTo: null, pinned: false, author: { id: OTHER, username: 'u2', displayName: null, avatar: null }, reactions: [] }, null);

describe('Audience, direct conversations', () => {
  it("delivers a conversation's events to its recipients only, routed by its id", () => {
    const mine = new Audience(ME, 's1', new Set([DM]));
    const stranger = new Audience('7', 's7', new Set());

    expect(mine.admit(aMessageIn(DM), true)).toBe('deliver');
    expect(mine.admit(messageDeleted(null, DM, '99'), true)).toBe('deliver');
    expect(stranger.admit(aMessageIn(DM), true)).toBe('skip');
  });

  it('opens a conversation at the live conversation.opened for the user, and only theirs', () => {
    const audience = new Audience(ME, 's1', new Set());

    expect(audience.admit(conversationOpened(view(DM, [OTHER, '3']), OTHER), true)).toBe('skip');
    expect(audience.admit(aMessageIn(DM), true)).toBe('skip');
    expect(audience.admit(conversationOpened(view(DM, [OTHER, ME]), ME), true)).toBe('deliver');
    expect(audience.admit(aMessageIn(DM), true)).toBe('deliver');
    expect(audience.servers()).toEqual([DM]);
  });

  it('delivers the leaver their conversation.closed, then nothing of it; the others go on', () => {
    const leaver = new Audience(ME, 's1', new Set([DM]));
    const stayer = new Audience(OTHER, 's2', new Set([DM]));

    expect(leaver.admit(conversationClosed(DM, ME), true)).toBe('deliver');
    expect(stayer.admit(conversationClosed(DM, ME), true)).toBe('skip');
    expect(stayer.admit(conversationUpdated(view(DM, [OTHER, '3'])), true)).toBe('deliver');
    expect(leaver.admit(conversationUpdated(view(DM, [OTHER, '3'])), true)).toBe('skip');
    expect(leaver.admit(aMessageIn(DM), true)).toBe('skip');
    expect(stayer.admit(aMessageIn(DM), true)).toBe('deliver');
  });

  it('on a replay, keeps shut a conversation the user is no longer in, and opens one they came into at its opening', () => {
    // Came into DM after the cursor: replayed events before their opening stay shut.
    const audience = new Audience(ME, 's1', new Set([DM]), new Set([DM]));
    expect(audience.admit(aMessageIn(DM), false)).toBe('skip');
    expect(audience.admit(conversationOpened(view(DM, [OTHER, ME]), ME), false)).toBe('deliver');
    expect(audience.admit(aMessageIn(DM), false)).toBe('deliver');

    // Removed since the cursor: they are told, and nothing else of it is replayed.
    const removed = new Audience(ME, 's1', new Set());
    expect(removed.admit(aMessageIn(DM), false)).toBe('skip');
    expect(removed.admit(conversationOpened(view(DM, [OTHER, ME]), ME), false)).toBe('skip');
    expect(removed.admit(conversationClosed(DM, ME), false)).toBe('deliver');
  });
});
