/**
 * Which controls the page shows: only those the API would accept from this viewer, by the same
 * rules as the use cases (create-channel, create-invite, kick-member, edit- and delete-message).
 * Pure, no DOM (unit-tested in Node). The API still decides: a refusal is shown in words.
 */

/** Who is looking. The page logs in with a password, which only people have; bots use the API. */
export interface Viewer {
  readonly id: string;
  readonly bot: boolean;
}

/** The part of a server the rules read (kept structural, so this module imports nothing). */
export interface ServerRules {
  readonly ownerId: string;
  readonly membersCanInvite: boolean;
}

const owns = (server: ServerRules | undefined, viewer: Viewer | undefined) => server !== undefined && viewer !== undefined && server.ownerId === viewer.id;

/** Channels are the owner's to create. */
export const mayCreateChannel = (server: ServerRules | undefined, viewer: Viewer | undefined): boolean => owns(server, viewer);

/** Invites: the owner, or any member where the owner opened that with `membersCanInvite`; never a bot. */
export const mayCreateInvite = (server: ServerRules | undefined, viewer: Viewer | undefined): boolean =>
  server !== undefined && viewer !== undefined && !viewer.bot && (owns(server, viewer) || server.membersCanInvite);

/** The owner removes (kicks) members; a server always keeps its owner. */
export const mayRemoveMember = (server: ServerRules | undefined, viewer: Viewer | undefined, memberId: string): boolean =>
  owns(server, viewer) && memberId !== server?.ownerId;

/** Only its author edits a message. */
export const mayEditMessage = (authorId: string, viewer: Viewer | undefined): boolean => viewer !== undefined && authorId === viewer.id;

/** Its author deletes a message, and so may the server's owner (moderation). */
export const mayDeleteMessage = (authorId: string, server: ServerRules | undefined, viewer: Viewer | undefined): boolean =>
  mayEditMessage(authorId, viewer) || owns(server, viewer);
