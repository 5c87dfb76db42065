import type { MessageMentions } from '../entities/message';
import { has, type PermissionBits } from '../entities/permissions';
import { isId, type Id } from '../ids';

/**
 * The distinct users, and apart the distinct roles, one message may mention: the first this many a
 * content names count, the rest are plain text. It bounds what a send checks (each user's
 * permissions in the channel) whatever the content holds.
 */
export const MENTION_LIMIT = 100;

/**
 * `<@id>` a user, `<@&id>` a role, `@everyone` everyone. An id is a well-formed id (`isId`: digits,
 * no leading zero, at most 2^63-1); anything else (`<@abc>`, `<@ 1>`, `<@!1>`, an id too long) is
 * plain text. Code spans and blocks are not told apart: a mention there counts as one anywhere else.
 */
const MENTION = /<@(&?)([0-9]{1,20})>|@everyone/g;

/** Who the content names, in its order, each once: what the author asks for (`keptMentions` says what stays). */
export function mentionsIn(content: string): MessageMentions {
  const users = new Set<Id>();
  const roles = new Set<Id>();
  let everyone = false;
  for (const [token, role, id] of content.matchAll(MENTION)) {
    if (token === '@everyone') everyone = true;
    else if (id !== undefined && isId(id)) {
      const ids = role === '&' ? roles : users;
      if (ids.size < MENTION_LIMIT) ids.add(id);
    }
  }
  return { mentions: [...users], mentionRoles: [...roles], mentionEveryone: everyone };
}

/** What the channel a message is written in says about who it may mention. */
export interface MentionPlace {
  /** A direct conversation: it has no roles, so `@everyone` is plain text there. */
  readonly conversation: boolean;
  /** The author's permissions in the channel. */
  readonly authorPermissions: PermissionBits;
  /** Whether the user can see the channel: a member holding `VIEW_CHANNEL` there, or a recipient. */
  readonly sees: (userId: Id) => boolean;
  /** Whether the role is one of the channel's server's, other than `@everyone` (whose id is the server's). */
  readonly isRole: (roleId: Id) => boolean;
}

/**
 * What a message keeps of the mentions it asks for: the users who can see its channel (a mention
 * never tells anyone of a channel shut to them), the server's own roles, and `@everyone` only from
 * an author holding `MENTION_EVERYONE` there. The stores apply this rule inside a send's one statement.
 */
export function keptMentions(asked: MessageMentions, place: MentionPlace): MessageMentions {
  return {
    mentions: asked.mentions.filter((userId) => place.sees(userId)),
    mentionRoles: asked.mentionRoles.filter((roleId) => place.isRole(roleId)),
    mentionEveryone: asked.mentionEveryone && mayMentionEveryone(place),
  };
}

export const mayMentionEveryone = (place: Pick<MentionPlace, 'conversation' | 'authorPermissions'>): boolean =>
  !place.conversation && has(place.authorPermissions, 'MENTION_EVERYONE');

/**
 * What a reply asks for: its content's mentions and, after them, the author of the message it
 * answers (unless the replier is that author, or the content names them already). Whether they can
 * see the channel is `keptMentions`' to say, as for any mention.
 */
export function withRepliedAuthor(asked: MessageMentions, repliedAuthorId: Id, replierId: Id): MessageMentions {
  if (repliedAuthorId === replierId || asked.mentions.includes(repliedAuthorId)) return asked;
  return { ...asked, mentions: [...asked.mentions, repliedAuthorId] };
}
