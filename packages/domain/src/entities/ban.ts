import type { Id } from '../ids';
import type { UserSummary } from './user';

/** A user the server's owner keeps out: removed, and refused at every invite until the ban is lifted. */
export interface Ban {
  readonly serverId: Id;
  readonly userId: Id;
  readonly reason: string | null;
  readonly createdAt: Date;
  /** Whether they were a member when first banned (the owner saw them there). */
  readonly memberWhenBanned: boolean;
}

/** A ban as the store lists it for a viewer: with the user, and whether the viewer shares a server with them now. */
export interface BanRecord extends Ban {
  readonly user: UserSummary;
  readonly sharesAServerWithViewer: boolean;
}

/** A ban as the owner's list shows it: the username null where the owner could not otherwise see it. */
export interface BanView extends Ban {
  readonly user: { readonly id: Id; readonly username: string | null };
}

/**
 * Banning any user id is allowed (a ban before they ever join), so the list must not turn an id
 * into a name: it names a user the owner saw in the server when banning them, or shares a server
 * with now, and no one else.
 */
export function banViewFor(record: BanRecord): BanView {
  const { sharesAServerWithViewer, user, ...ban } = record;
  return { ...ban, user: { id: user.id, username: ban.memberWhenBanned || sharesAServerWithViewer ? user.username : null } };
}

export const BAN_REASON_MAX = 512;
