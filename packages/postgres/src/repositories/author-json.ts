import { sql, type RawBuilder } from 'kysely';
import type { Part } from './message-fields';

type Sql = RawBuilder<unknown>;

/** A nullable text as JSON: `to_json` escapes as `JSON.stringify` does, and null is `null`. */
const textOrNull = (value: Sql): Sql => sql`coalesce(to_json(${value})::text, 'null')`;

/**
 * A message's author as the wire writes it, from SQL expressions of the user's columns: the key
 * `"author"` and `userSummaryJson`'s object, its keys in its order (the page and the send both
 * write it; the store contracts and the wire-form property test compare the bytes). `id` is
 * digits, written into quotes as they are.
 */
export const authorJson = (user: { readonly id: Sql; readonly username: Sql; readonly displayName: Sql; readonly avatar: Sql }): Part[] => [
  ',"author":{"id":"',
  user.id,
  '","username":',
  sql`to_json(${user.username})::text`,
  ',"displayName":',
  textOrNull(user.displayName),
  ',"avatar":',
  textOrNull(user.avatar),
  '}',
];
