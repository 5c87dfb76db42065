/** Who this person can write to or bring into a group: people who share a server with them (pure, see `state.ts`). */
import type { ChatState } from './state.js';

export interface Person {
  readonly id: string;
  readonly username: string;
}

/**
 * The members of this person's servers, as far as the member lists read so far tell (a server's is
 * read when it is opened, or when a group is being made), each once, by name; never the viewer, nor
 * anyone in `leaveOut` (a group's recipients already in it). The API still decides (`NO_SHARED_SERVER`).
 */
export function coMembers(state: ChatState, leaveOut: Iterable<string> = []): Person[] {
  const skip = new Set([state.me?.id, ...leaveOut]);
  const people = new Map<string, Person>();
  for (const server of state.servers.values()) {
    for (const { user } of server.members ?? []) if (!skip.has(user.id)) people.set(user.id, { id: user.id, username: user.username });
  }
  return [...people.values()].sort((a, b) => a.username.localeCompare(b.username) || (a.id < b.id ? -1 : 1));
}

/** A new group is this person and 2 to 9 others (1 would be a one-to-one: "Message" is for that); otherwise what to say. */
export function groupChoiceProblem(count: number): string | undefined {
  if (count < 2) return 'Pick at least 2 people for a group (for one person, use “Message” in the member list).';
  if (count > 9) return `A group has at most 10 people: pick at most 9 (${count} picked).`;
  return undefined;
}
