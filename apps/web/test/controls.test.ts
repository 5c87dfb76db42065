import { mayAttach, mayCreateChannel, mayCreateInvite, mayDeleteMessage, mayEditMessage, mayMakePrivate, mayPin, mayRemoveMember, maySend, reactionChoices } from '../src/controls.js';
import { ALL_PERMISSIONS, type Permission } from '../src/model/permissions.js';

const viewer = { id: '2', bot: false };
const bot = { id: '3', bot: true };
const held = (...permissions: Permission[]) => new Set(permissions);
const all = held(...ALL_PERMISSIONS);
const plain = held('VIEW_CHANNEL', 'SEND_MESSAGES', 'ADD_REACTIONS', 'ATTACH_FILES');

describe('the controls the page shows, by permission', () => {
  it('offers "Create channel" with MANAGE_CHANNELS, and "Private" on it only with MANAGE_ROLES too', () => {
    expect(mayCreateChannel(plain)).toBe(false);
    expect(mayCreateChannel(held('MANAGE_CHANNELS'))).toBe(true);
    expect(mayMakePrivate(held('MANAGE_CHANNELS', 'VIEW_CHANNEL'))).toBe(false);
    expect(mayMakePrivate(held('MANAGE_ROLES', 'VIEW_CHANNEL'))).toBe(false);
    expect(mayMakePrivate(held('MANAGE_CHANNELS', 'MANAGE_ROLES', 'VIEW_CHANNEL'))).toBe(true);
    // Denying @everyone VIEW_CHANNEL takes away a permission, which needs holding it.
    expect(mayMakePrivate(held('MANAGE_CHANNELS', 'MANAGE_ROLES'))).toBe(false);
    expect(mayMakePrivate(all)).toBe(true);
  });

  it('offers invites with CREATE_INVITE, never to a bot', () => {
    expect(mayCreateInvite(plain, viewer)).toBe(false);
    expect(mayCreateInvite(held('CREATE_INVITE'), viewer)).toBe(true);
    expect(mayCreateInvite(all, bot)).toBe(false);
    expect(mayCreateInvite(all, undefined)).toBe(false);
  });

  it('offers Remove with KICK_MEMBERS for members ranked below only: never oneself, an equal, or the owner', () => {
    const kick = held('KICK_MEMBERS');
    expect(mayRemoveMember(kick, 3, { rank: 2, owner: false })).toBe(true);
    expect(mayRemoveMember(kick, 3, { rank: 3, owner: false })).toBe(false);
    expect(mayRemoveMember(kick, 3, { rank: 0, owner: true })).toBe(false);
    expect(mayRemoveMember(plain, 3, { rank: 0, owner: false })).toBe(false);
    expect(mayRemoveMember(all, Number.POSITIVE_INFINITY, { rank: 12, owner: false })).toBe(true);
    expect(mayRemoveMember(all, Number.POSITIVE_INFINITY, { rank: Number.POSITIVE_INFINITY, owner: true })).toBe(false);
  });

  it('offers the composer with SEND_MESSAGES in the channel', () => {
    expect(maySend(plain)).toBe(true);
    expect(maySend(held('VIEW_CHANNEL'))).toBe(false);
  });

  it('offers the attach button with ATTACH_FILES where the person may send', () => {
    expect(mayAttach(plain)).toBe(true);
    expect(mayAttach(held('VIEW_CHANNEL', 'SEND_MESSAGES'))).toBe(false);
    expect(mayAttach(held('VIEW_CHANNEL', 'ATTACH_FILES'))).toBe(false);
  });

  it('offers Edit to the author only, and Delete to the author and to MANAGE_MESSAGES in the channel', () => {
    expect(mayEditMessage(viewer.id, viewer)).toBe(true);
    expect(mayEditMessage('9', viewer)).toBe(false);
    expect(mayEditMessage(viewer.id, undefined)).toBe(false);
    expect(mayDeleteMessage(viewer.id, held('VIEW_CHANNEL'), viewer)).toBe(true);
    expect(mayDeleteMessage('9', plain, viewer)).toBe(false);
    expect(mayDeleteMessage('9', held('MANAGE_MESSAGES'), viewer)).toBe(true);
    expect(mayDeleteMessage('9', all, undefined)).toBe(false);
  });

  it('offers Pin with MANAGE_MESSAGES in a server channel, and to anyone in a direct conversation', () => {
    expect(mayPin(plain, false)).toBe(false);
    expect(mayPin(held('VIEW_CHANNEL', 'SEND_MESSAGES'), false)).toBe(false);
    expect(mayPin(held('MANAGE_MESSAGES'), false)).toBe(true);
    expect(mayPin(plain, true)).toBe(true);
  });

  it('offers every emoji with ADD_REACTIONS, and without it only those already on the message (joining needs no permission)', () => {
    expect(reactionChoices(['👍', '🎉'], [], plain)).toEqual(['👍', '🎉']);
    expect(reactionChoices(['👍', '🎉'], ['🎉', '👀'], held('VIEW_CHANNEL'))).toEqual(['🎉']);
    expect(reactionChoices(['👍'], [], held('VIEW_CHANNEL'))).toEqual([]);
  });
});
