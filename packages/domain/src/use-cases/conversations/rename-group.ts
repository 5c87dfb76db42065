import type { Conversation, ConversationView } from '../../entities/conversation';
import type { Issue } from '../../errors';
import { validationFailed, type ErrorOf } from '../../errors';
import { conversationUpdated } from '../../events/chat-event';
import type { Stores } from '../../ports/stores';
import { fail, ok, type Result } from '../../result';
import type { ChannelChanges } from '../../rules/channel-rules';
import { groupNameIssues } from '../../rules/conversation-rules';

/** A group's changes as `PATCH /api/channels/:id` takes them: a name (null: none), nothing else. */
export function groupChangeIssues(changes: ChannelChanges | { readonly name?: string | null }): Issue[] {
  const { name, ...rest } = changes as { name?: string | null; topic?: unknown; position?: unknown };
  const issues = Object.keys(rest)
    .filter((key) => rest[key as keyof typeof rest] !== undefined)
    .map((key) => ({ path: key, message: 'is not a field of a group conversation: only name' }));
  if (name === undefined) issues.push({ path: 'name', message: 'is required: a group changes its name only' });
  return [...issues, ...(name === undefined ? [] : groupNameIssues(name))];
}

/** Any recipient renames a group; its recipients get `channel.updated`. */
export async function renameGroup(
  stores: Stores,
  group: Conversation,
  changes: { readonly name?: string | null },
): Promise<Result<ConversationView, ErrorOf<'ValidationFailed' | 'NotAGroup' | 'ChannelNotFound'>>> {
  if (group.type !== 'group') return fail({ kind: 'NotAGroup' });
  const issues = groupChangeIssues(changes);
  if (issues.length > 0) return fail(validationFailed(issues));
  await stores.conversations.update(group.id, { name: changes.name?.trim() ?? null });
  const view = await stores.conversations.view(group.id);
  if (!view) return fail({ kind: 'ChannelNotFound' });
  await stores.events.append(conversationUpdated(view));
  return ok(view);
}
