import { compareIds, firstIdAt, has, mentionsReader, UNREAD_COUNT_CAP, type Id, type Message, type ReadState, type ReadStateRepository } from '../src';
import type { MemoryState } from './memory-state';
import { lowerBound } from './sorted-ids';

/** A channel or conversation the user is in: where its messages count from for them. */
interface Place {
  readonly channelId: Id;
  readonly serverId: Id | null;
  readonly joinedAt: Date;
  /** The roles they hold in its server (none in a conversation). */
  readonly roleIds: ReadonlySet<Id>;
}

const NO_ROLES: ReadonlySet<Id> = new Set();

export class InMemoryReadStateRepository implements ReadStateRepository {
  constructor(private readonly state: MemoryState) {}

  async markRead(userId: Id, channelId: Id, messageId: Id): Promise<'moved' | 'unchanged'> {
    return this.state.markRead(userId, channelId, messageId);
  }

  async list(userId: Id, channelId?: Id): Promise<ReadState[]> {
    return this.placesOf(userId)
      .filter((place) => channelId === undefined || place.channelId === channelId)
      .flatMap((place) => this.stateOf(userId, place))
      .sort((a, b) => compareIds(a.channelId, b.channelId));
  }

  /** The channels of the user's servers they can see, and their conversations. */
  private placesOf(userId: Id): Place[] {
    const places: Place[] = [];
    for (const channel of this.state.channels.values()) {
      const member = this.state.members.get(channel.serverId)?.get(userId);
      if (!member || !has(this.state.permissionsIn(channel, userId), 'VIEW_CHANNEL')) continue;
      const roleIds = this.state.memberRoles.get(channel.serverId)?.get(userId) ?? NO_ROLES;
      places.push({ channelId: channel.id, serverId: channel.serverId, joinedAt: member.joinedAt, roleIds });
    }
    for (const [conversationId, joins] of this.state.recipientJoins) {
      const joinedAt = joins.get(userId);
      if (joinedAt) places.push({ channelId: conversationId, serverId: null, joinedAt, roleIds: NO_ROLES });
    }
    return places;
  }

  /** The place's state, if anything in it is unread: others' messages after the marker and the join. */
  private stateOf(userId: Id, place: Place): ReadState[] {
    const marker = this.state.readMarkers.get(userId)?.get(place.channelId) ?? null;
    const ids = this.state.channelMessages.get(place.channelId) ?? [];
    // After the marker, and made in or after the millisecond they came in.
    const start = Math.max(marker === null ? 0 : lowerBound(ids, marker, true), lowerBound(ids, firstIdAt(place.joinedAt), false));
    const unread = ids
      .slice(start)
      .map((id) => this.state.messages.get(id) as Message)
      .filter((message) => message.authorId !== userId);
    if (unread.length === 0) return [];
    const mentions = unread.filter((message) => mentionsReader(message, userId, place.roleIds));
    return [
      {
        channelId: place.channelId,
        serverId: place.serverId,
        lastReadMessageId: marker,
        unreadCount: Math.min(unread.length, UNREAD_COUNT_CAP),
        mentionCount: Math.min(mentions.length, UNREAD_COUNT_CAP),
      },
    ];
  }
}

