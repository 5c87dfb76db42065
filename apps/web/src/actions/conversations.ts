/**
 * Direct conversations over REST: open one, write to a member, make a group, rename it, bring people
 * in or take them out, leave. The gateway's `channel.*` events tell every recipient (this person's
 * other tabs too); an answer is applied here as well, so this tab does not wait for its own event.
 */
import { ok } from '@chat/client';
import { conversationChanged, conversationGone, conversationOpened, conversationsLoaded } from '../model/conversations.js';
import { READY_CONVERSATIONS } from '../model/servers.js';
import { conversationOf, type Conversation } from '../model/state.js';
import type { Page } from '../page.js';
import { showFirstPage } from './messages.js';
import { refreshMembers } from './servers.js';

export async function openConversation(page: Page, conversationId: string): Promise<void> {
  if (!conversationOf(page.state, conversationId)) return;
  page.apply(conversationOpened(page.state, conversationId));
  const conversation = conversationOf(page.state, conversationId);
  // Its owner can add anyone who shares a server with them: the member lists not read yet are read.
  const owner = conversation?.type === 'group' && conversation.ownerId === page.state.me?.id;
  await Promise.all([showFirstPage(page, conversationId), owner ? readEveryMemberList(page) : undefined]);
}

/** Opens (or, when it is there, finds) the one-to-one with `userId` or a new group with `userIds`, shows it, and returns it. */
async function start(page: Page, recipientIds: string[]): Promise<Conversation> {
  const conversation = await ok(page.client().POST('/api/users/@me/channels', { body: { recipientIds } }));
  page.apply(conversationChanged(page.state, conversation));
  await openConversation(page, conversation.id);
  return conversation;
}

/** "Message" on a member: the pair's one-to-one (the API makes it the first time: 201; then gives the same one: 200). */
export async function messageMember(page: Page, userId: string): Promise<void> {
  await start(page, [userId]);
  page.el.composerInput.focus();
}

/** A new group of this person and 2 to 9 others, named when a name is given. */
export async function createGroup(page: Page, userIds: string[], name: string): Promise<void> {
  const group = await start(page, userIds);
  if (name.trim() !== '') await renameGroup(page, group.id, name);
}

/** Any recipient names a group; an empty name clears it (the others' names show instead). */
export async function renameGroup(page: Page, conversationId: string, name: string): Promise<void> {
  const body = { name: name.trim() === '' ? null : name.trim() };
  const renamed = await ok(page.client().PATCH('/api/channels/{channelId}', { params: { path: { channelId: conversationId } }, body }));
  if ('recipients' in renamed) page.apply(conversationChanged(page.state, renamed));
}

/** The owner brings someone into the group; the group's `channel.updated` shows them. */
export async function addRecipient(page: Page, conversationId: string, userId: string): Promise<void> {
  await ok(page.client().PUT('/api/channels/{channelId}/recipients/{userId}', { params: { path: { channelId: conversationId, userId } } }));
}

/** The owner takes someone out of the group; the group's `channel.updated` shows them gone. */
export async function removeRecipient(page: Page, conversationId: string, userId: string): Promise<void> {
  await ok(page.client().DELETE('/api/channels/{channelId}/recipients/{userId}', { params: { path: { channelId: conversationId, userId } } }));
}

/** This person leaves a group (an owner's passes to who has been in it longest). */
export async function leaveGroup(page: Page, conversationId: string): Promise<void> {
  const me = page.state.me?.id;
  if (me === undefined) return;
  await ok(page.client().DELETE('/api/channels/{channelId}/recipients/{userId}', { params: { path: { channelId: conversationId, userId: me } } }));
  page.apply(conversationGone(page.state, conversationId));
}

/** The most recent conversations, read again (a message came in one the page did not know): merged with those known. */
export async function readConversations(page: Page): Promise<void> {
  const listed = await ok(page.client().GET('/api/users/@me/channels', { params: { query: { limit: String(READY_CONVERSATIONS) } } }));
  page.apply(conversationsLoaded(page.state, listed, false));
}

/** Reads the member lists not read yet, so that everyone who shares a server with this person can be picked. */
export async function readEveryMemberList(page: Page): Promise<void> {
  const unread = [...page.state.servers.values()].filter((server) => server.members === undefined);
  await Promise.all(unread.map((server) => refreshMembers(page, server.id)));
}
