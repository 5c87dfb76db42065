import type { Conversation, ConversationView } from '../entities/conversation';
import type { Id } from '../ids';

export interface ConversationPage {
  readonly limit: number;
  /** Continue after this conversation, in the list's order (one the user is no longer in ends the list). */
  readonly after?: Id;
}

/** What may change about a group: its name, its owner. */
export interface ConversationChanges {
  readonly name?: string | null;
  readonly ownerId?: Id;
}

/**
 * Direct conversations and their recipients. A conversation's id is a channel id: its messages are
 * stored with the server channels' (`MessageRepository`), keyed by it.
 */
export interface ConversationRepository {
  /**
   * Stores it with all its recipients at once. A one-to-one is unique per pair: when the pair has
   * one already (a race from both sides), nothing is stored and that one's id is answered.
   */
  create(conversation: Conversation): Promise<{ readonly created: true } | { readonly created: false; readonly existingId: Id }>;
  /** The one-to-one conversation of the pair, if there is one. */
  findDm(userA: Id, userB: Id): Promise<Id | null>;
  findById(id: Id): Promise<Conversation | null>;
  /**
   * Reads it and orders the rest of this unit of work after every other unit that holds it, until
   * it ends: changes of its recipients are made one at a time, so a group never passes its size.
   */
  hold(id: Id): Promise<Conversation | null>;
  /** As its recipients are shown it (null: unknown). */
  view(id: Id): Promise<ConversationView | null>;
  /** The user's conversations, the most recently active first (newest message, or opening), then by id, newest first. */
  listForUser(userId: Id, page: ConversationPage): Promise<ConversationView[]>;
  /** The ids of all the user's conversations. */
  idsForUser(userId: Id): Promise<Id[]>;
  /** `addedBy` adds `userId` to a group; adding one already there changes nothing. */
  addRecipient(id: Id, userId: Id, at: Date, addedBy: Id): Promise<void>;
  removeRecipient(id: Id, userId: Id): Promise<'removed' | 'absent'>;
  /** The conversation is gone with its messages and their reactions (a group its last recipient left). */
  delete(id: Id): Promise<void>;
  update(id: Id, changes: ConversationChanges): Promise<void>;
  /**
   * The user's daily quota's count: the conversations they opened at or after `since`, and the
   * people they added to groups since (each reaches one more person, as opening one does).
   */
  countStartedSince(userId: Id, since: Date): Promise<number>;
}
