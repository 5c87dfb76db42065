import { mayCreateChannel, mayCreateInvite, mayDeleteMessage, mayEditMessage, mayRemoveMember } from '../src/controls.js';

const owner = { id: '1', bot: false };
const member = { id: '2', bot: false };
const bot = { id: '3', bot: true };
const closed = { ownerId: '1', membersCanInvite: false };
const open = { ownerId: '1', membersCanInvite: true };

describe('the controls the page shows', () => {
  it('offers "Create channel" to the owner only', () => {
    expect(mayCreateChannel(closed, owner)).toBe(true);
    expect(mayCreateChannel(closed, member)).toBe(false);
    expect(mayCreateChannel(open, member)).toBe(false);
    expect(mayCreateChannel(undefined, owner)).toBe(false);
    expect(mayCreateChannel(closed, undefined)).toBe(false);
  });

  it('offers invites to the owner, and to members where membersCanInvite is on, never to a bot', () => {
    expect(mayCreateInvite(closed, owner)).toBe(true);
    expect(mayCreateInvite(closed, member)).toBe(false);
    expect(mayCreateInvite(open, member)).toBe(true);
    expect(mayCreateInvite(open, bot)).toBe(false);
    expect(mayCreateInvite({ ownerId: '3', membersCanInvite: false }, bot)).toBe(false);
  });

  it('follows a change of owner', () => {
    const transferred = { ...closed, ownerId: member.id };
    expect(mayCreateChannel(transferred, member)).toBe(true);
    expect(mayCreateChannel(transferred, owner)).toBe(false);
    expect(mayCreateInvite(transferred, owner)).toBe(false);
    expect(mayRemoveMember(transferred, member, owner.id)).toBe(true);
  });

  it('offers the owner a Remove for each member but herself; a member none', () => {
    expect(mayRemoveMember(closed, owner, member.id)).toBe(true);
    expect(mayRemoveMember(closed, owner, owner.id)).toBe(false);
    expect(mayRemoveMember(closed, member, owner.id)).toBe(false);
    expect(mayRemoveMember(open, member, bot.id)).toBe(false);
  });

  it('offers Edit to the author only, and Delete to the author and the owner', () => {
    expect(mayEditMessage(member.id, member)).toBe(true);
    expect(mayEditMessage(member.id, owner)).toBe(false);
    expect(mayDeleteMessage(member.id, closed, member)).toBe(true);
    expect(mayDeleteMessage(member.id, closed, owner)).toBe(true);
    expect(mayDeleteMessage(owner.id, closed, member)).toBe(false);
    expect(mayDeleteMessage(bot.id, open, member)).toBe(false);
    expect(mayEditMessage(member.id, undefined)).toBe(false);
  });
});
