/**
 * Which controls the page shows: only those the API would accept from this viewer, by the same
 * rules as the use cases (create-channel, set-channel-overwrite, create-invite, kick-member,
 * send-, edit- and delete-message, add-reaction, pin-message). Pure, no DOM (unit-tested in Node); the
 * permissions come from `model/permissions.ts`. The API still decides: a refusal is shown in words.
 */
import type { Permissions } from './model/permissions.js';
import type { Viewer } from './model/state.js';

export type { Viewer };


export const mayCreateChannel = (server: Permissions): boolean => server.has('MANAGE_CHANNELS');

/**
 * "Private" on a new channel sets overwrites, which needs MANAGE_ROLES, and denying `@everyone`
 * VIEW_CHANNEL needs VIEW_CHANNEL held (one grants or takes only what one holds).
 */
export const mayMakePrivate = (server: Permissions): boolean => mayCreateChannel(server) && server.has('MANAGE_ROLES') && server.has('VIEW_CHANNEL');

/** Invites: CREATE_INVITE (`@everyone` holds it where `membersCanInvite` is on); never a bot, whatever its roles. */
export const mayCreateInvite = (server: Permissions, viewer: Viewer | undefined): boolean => viewer !== undefined && !viewer.bot && server.has('CREATE_INVITE');

/** Who is to be removed: their rank (`rankOf`), and whether they own the server (who always stays). */
export interface Target {
  readonly rank: number;
  readonly owner: boolean;
}

/** KICK_MEMBERS, and only a member ranked below the viewer (so never oneself, nor the owner). */
export const mayRemoveMember = (server: Permissions, rank: number, target: Target): boolean => server.has('KICK_MEMBERS') && !target.owner && target.rank < rank;

/** SEND_MESSAGES in the channel. */
export const maySend = (channel: Permissions): boolean => channel.has('SEND_MESSAGES');

/** Files on a message: ATTACH_FILES in the channel (everyone holds it in a direct conversation). */
export const mayAttach = (channel: Permissions): boolean => maySend(channel) && channel.has('ATTACH_FILES');

/** Only its author edits a message. */
export const mayEditMessage = (authorId: string, viewer: Viewer | undefined): boolean => viewer !== undefined && authorId === viewer.id;

/** Its author deletes a message, and so may anyone with MANAGE_MESSAGES in the channel (moderation). */
export const mayDeleteMessage = (authorId: string, channel: Permissions, viewer: Viewer | undefined): boolean =>
  mayEditMessage(authorId, viewer) || (viewer !== undefined && channel.has('MANAGE_MESSAGES'));

/** The emoji a viewer may pick: a new one needs ADD_REACTIONS; joining one already there only sight of the channel. */
export const reactionChoices = (choices: readonly string[], onMessage: readonly string[], channel: Permissions): string[] =>
  channel.has('ADD_REACTIONS') ? [...choices] : choices.filter((emoji) => onMessage.includes(emoji));

/** Pin and unpin: MANAGE_MESSAGES in a server's channel; any recipient in a direct conversation. */
export const mayPin = (channel: Permissions, inConversation: boolean): boolean => inConversation || channel.has('MANAGE_MESSAGES');
