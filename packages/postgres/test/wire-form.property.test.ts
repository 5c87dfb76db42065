import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { createKyselyStores, openPostgres, type Database } from '@chat/postgres';
import { eventJson, messageJson, wireOf } from '@chat/contract';
import {
  ALL_PERMISSIONS,
  EVERYONE_DEFAULT,
  keptMentions,
  MAX_PINS,
  mentionsIn,
  messageCreated,
  newMessage,
  previewOf,
  withRepliedAuthor,
  type Actor,
  type ChatEvent,
  type Id,
  type MessageMentions,
  type MessageView,
  type ReplyPreview,
  type Stores,
  type UserSummary,
} from '@chat/domain';
import { aConversation, aReaction, aRole, aServerWithOwner, freshId, givenActor, givenChannel, givenMemberOf, summaryOf } from '@chat/domain/testing/contracts';
import { kyselyEventStores } from './event-stores';
import { createPgliteDatabase, createPostgresDatabase, describeWithPostgres, type TestDatabase } from './test-databases';
import { scenarioOf, type MentionPlan, type Scenario } from './wire-form-arbitraries';

/*
 * The database writes two texts that reach clients untouched: a page of messages (pageJsonAs) and
 * the `message.created` event of a send (the send statement's payload, which the gateway splices
 * into its frames). Both must be byte for byte what the domain's serializers write for the same
 * message, for any message: these properties try many random ones.
 */

const PEOPLE = 4;
const RUNS = 150;
/** Many runs of several statements each: seconds on an idle machine, more on a busy one. */
const TIMEOUT_MS = 120_000;
const CAPS = { distinctEmoji: 20, total: 5000 };

/** The cast's display names and avatars: none, both (awkward text), one, the other. */
const FACES = [
  null,
  { displayName: 'Ann "the \\ one"\n😀\u2028', avatar: 'https://cdn.example.com/a.png?x=1&y=%22' },
  { displayName: "O'Reilly" },
  { avatar: 'https://cdn.example.com/b.png' },
] as const;

interface Person {
  readonly summary: UserSummary;
  readonly actor: Actor;
}

interface Cast {
  readonly serverId: Id;
  /** A role of the server besides `@everyone`, which the cast may mention. */
  readonly roleId: Id;
  readonly people: Person[];
}

/** A server with `PEOPLE` members, each with a live session, and a role; the owner is the first. */
async function aCast(stores: Stores): Promise<Cast> {
  const { server, ownerUser } = await aServerWithOwner(stores);
  const role = aRole(server.id, 1);
  await stores.roles.create(role);
  const users = [ownerUser];
  while (users.length < PEOPLE) users.push((await givenMemberOf(stores, server.id)).user);
  // Authors with and without a display name and an avatar, in text JSON and SQL escape differently.
  const faces = users.map(async (user, i) => {
    const face = FACES[i % FACES.length]!;
    const updated = face ? await stores.users.update(user.id, face) : user;
    if (updated === null || updated === 'UsernameTaken') throw new Error('the cast could not be given faces');
    return updated;
  });
  const people = await Promise.all((await Promise.all(faces)).map(async (user) => ({ summary: summaryOf(user), actor: await givenActor(stores, user.id) })));
  return { serverId: server.id, roleId: role.id, people };
}

interface Played {
  readonly channelId: Id;
  /** The channel's messages as the viewer should see them, oldest first. */
  readonly views: MessageView[];
  /** The `message.created` event each send should have written, in the sends' order. */
  readonly created: ChatEvent[];
}

/**
 * The scenario through the real store, into a fresh channel: the first send alone (the single send
 * statement), the rest in one turn (the batch statement), then the edits and the reactions. What
 * the page and the events should hold is worked out from the plan, not read back.
 */
async function play(stores: Stores, cast: Cast, scenario: Scenario, where: 'channel' | 'conversation' = 'channel'): Promise<Played> {
  const channelId = where === 'channel' ? (await givenChannel(stores, cast.serverId)).id : await aGroupOf(stores, cast.people);
  // A conversation's messages belong to no server: their events have no `serverId`.
  const serverId = where === 'channel' ? cast.serverId : null;
  const ids = scenario.sends.map(() => freshId());
  // Every send but the first may answer the first.
  const sent = scenario.sends.map((plan, i) => ({ plan, id: ids[i]!, author: cast.people[plan.sender]!, replyTo: i > 0 && plan.reply ? ids[0]! : null }));
  const { written, kept } = mentioning(cast, where);
  const firstAuthor = sent[0]!.author.summary;
  /** What the send asks to mention: its content's, and the author it answers (`withRepliedAuthor`) unless told not to. */
  const asked = (content: string, { plan, replyTo, author }: (typeof sent)[number]): MessageMentions =>
    replyTo !== null && plan.reply?.mentionAuthor === true ? withRepliedAuthor(mentionsIn(content), firstAuthor.id, author.summary.id) : mentionsIn(content);
  const send = (one: (typeof sent)[number]) =>
    stores.messages.createAs(
      one.author.actor,
      newMessage({ id: one.id, channelId, content: written(one.plan), createdAt: one.plan.createdAt, replyTo: one.replyTo }, mentionsIn(written(one.plan))),
      one.plan.nonce,
      [],
      one.plan.reply?.mentionAuthor ?? true,
    );
  const [first, ...rest] = sent;
  const gated = [await send(first!), ...(await Promise.all(rest.map(send)))];
  expect(gated.map((outcome) => outcome.ok)).toEqual(sent.map(() => true));

  for (const { plan, id } of sent) if (plan.edit) await stores.messages.updateContent(id, written(plan.edit), plan.edit.at, mentionsIn(written(plan.edit)));
  // Per message, each emoji in order of first use, with who reacted with it.
  const reactions = new Map<Id, Map<string, Set<Id>>>(sent.map(({ id }) => [id, new Map()]));
  for (const { message, person, emoji } of scenario.reactions) {
    const { id } = sent[message % sent.length]!;
    const userId = cast.people[person]!.summary.id;
    expect(await stores.messages.addReaction(aReaction({ id, channelId }, userId, emoji), CAPS)).toMatch(/^(added|already)$/);
    const byEmoji = reactions.get(id)!;
    byEmoji.set(emoji, (byEmoji.get(emoji) ?? new Set()).add(userId));
  }

  for (const { plan, id } of sent) if (plan.pinned) expect(await stores.messages.pin(channelId, id, plan.createdAt, MAX_PINS)).toBe('pinned');
  if (scenario.deleteFirst) expect(await stores.messages.delete(first!.id)).toBe('deleted');

  const viewerId = cast.people[scenario.viewer]!.summary.id;
  // The first as a reply shows it: as it was sent in message.created, as it is now in a page.
  const preview = (content: string): ReplyPreview => ({ id: first!.id, author: { id: firstAuthor.id, username: firstAuthor.username }, content: previewOf(content) });
  const now: ReplyPreview = scenario.deleteFirst ? { id: first!.id, deleted: true } : preview(written(first!.plan.edit ?? first!.plan));
  const views = sent
    .filter(({ id }) => !(scenario.deleteFirst && id === first!.id))
    .map((one) => ({
      // An edit asks for its content's mentions alone (the store is told nothing of the reply).
      ...fieldsOf(newMessage({ id: one.id, channelId, content: written(one.plan.edit ?? one.plan), createdAt: one.plan.createdAt }, kept(one.plan.edit ? mentionsIn(written(one.plan.edit)) : asked(written(one.plan), one), one.plan.sender))),
      editedAt: one.plan.edit?.at ?? null,
      replyTo: one.replyTo === null ? null : now,
      pinned: one.plan.pinned,
      author: one.author.summary,
      reactions: [...reactions.get(one.id)!].map(([emoji, users]) => ({ emoji, count: users.size, reacted: users.has(viewerId) })),
    }));
  const created = sent.map((one) =>
    messageCreated(
      serverId,
      {
        ...fieldsOf(newMessage({ id: one.id, channelId, content: written(one.plan), createdAt: one.plan.createdAt }, kept(asked(written(one.plan), one), one.plan.sender))),
        replyTo: one.replyTo === null ? null : preview(written(first!.plan)),
        pinned: false,
        author: one.author.summary,
        reactions: [],
      },
      one.plan.nonce,
    ),
  );
  return { channelId, views, created };
}

/** A new message's own fields, as a view carries them (what it points to and whether it is pinned, a view says otherwise). */
const fieldsOf = ({ replyTo: _replyTo, pinnedAt: _pinnedAt, ...fields }: ReturnType<typeof newMessage>) => fields;

/** A user of no server, and a role of none. */
const NOBODY = '1';

/**
 * A plan's content with its mentions written after it, and what a send by the `sender`-th person
 * keeps of them (`keptMentions`): everyone in the cast sees a fresh channel and is in the group;
 * the owner alone may mention everyone, and only in the channel.
 */
function mentioning(cast: Cast, where: 'channel' | 'conversation') {
  const ids = cast.people.map((p) => p.summary.id);
  const roleIds = { role: cast.roleId, everyoneRole: cast.serverId, unknown: NOBODY };
  const tokens = ({ people, roles, everyone }: MentionPlan): string =>
    [...people.map((i) => `<@${ids[i] ?? NOBODY}>`), ...roles.map((role) => `<@&${roleIds[role]}>`), everyone ? '@everyone' : ''].join(' ');
  return {
    written: (plan: { content: string; mentions: MentionPlan }): string => `${plan.content} ${tokens(plan.mentions)}`,
    kept: (asked: MessageMentions, sender: number): MessageMentions =>
      keptMentions(asked, {
        conversation: where === 'conversation',
        authorPermissions: sender === 0 ? ALL_PERMISSIONS : EVERYONE_DEFAULT,
        sees: (userId) => ids.includes(userId),
        isRole: (roleId) => where === 'channel' && roleId === cast.roleId,
      }),
  };
}

/** A group conversation of everyone in the cast. */
async function aGroupOf(stores: Stores, people: readonly Person[]): Promise<Id> {
  const [creator, ...others] = people.map((p) => p.summary.id) as [Id, ...Id[]];
  const group = aConversation(creator, others);
  await stores.conversations.create(group);
  return group.id;
}

/** The wire form of an event's data: what the gateway sends, and what the log should hold. */
const wireOfEvent = (event: ChatEvent): string => JSON.stringify(eventJson(event).d);

function describeWireForm(name: string, open: () => Promise<{ db: Kysely<Database>; stores: Stores; close(): Promise<void> }>): void {
  describe(`the database writes the wire form: ${name}`, () => {
    let db: Kysely<Database>;
    let stores: Stores;
    let close: () => Promise<void>;
    let cast: Cast;

    // Opening PGlite and migrating it takes seconds on a busy machine: more than the default 5.
    beforeAll(async () => {
      ({ db, stores, close } = await open());
      cast = await aCast(stores);
    }, 60_000);
    afterAll(async () => {
      await close();
    });

    it('renders a page byte for byte as JSON.stringify of messageJson, for any messages, edits and reactions', async () => {
      await fc.assert(
        fc.asyncProperty(scenarioOf(PEOPLE), async (scenario) => {
          const { channelId, views } = await play(stores, cast, scenario);

          const page = await stores.messages.pageJsonAs(cast.people[scenario.viewer]!.actor, channelId, { limit: 50 });

          expect(page).toEqual({ ok: true, value: JSON.stringify(views.map(messageJson)) });
        }),
        { numRuns: RUNS },
      );
    }, TIMEOUT_MS);

    it('logs a send’s message.created as JSON.stringify of eventJson’s data, which the gateway splices as it is, in a channel or a conversation', async () => {
      const { place, history } = kyselyEventStores(db);
      let position = 0;
      await fc.assert(
        fc.asyncProperty(scenarioOf(PEOPLE), fc.constantFrom('channel' as const, 'conversation' as const), async (scenario, where) => {
          const { channelId, created } = await play(stores, cast, scenario, where);

          const { rows } = await sql<{ payload: string }>`
            select payload from events
            where type = 'message.created' and payload::json ->> 'channelId' = ${channelId}
            order by (payload::json ->> 'id')::bigint`.execute(db);
          expect(rows.map(({ payload }) => payload)).toEqual(created.map(wireOfEvent));

          await place();
          const logged = [];
          for (let page = await history.after(position, 1000); page.length > 0; page = await history.after(position, 1000)) {
            logged.push(...page.filter(({ event }) => event?.type === 'message.created' && event.message.channelId === channelId));
            position = page[page.length - 1]!.position;
          }
          expect(logged.map(({ event }) => event)).toEqual(created);
          expect(logged.map(wireOf)).toEqual(created.map(wireOfEvent));
        }),
        { numRuns: RUNS },
      );
    }, TIMEOUT_MS);

    it('still reads back a message.created the send statement logged before it wrote the wire form', async () => {
      const { place, history } = kyselyEventStores(db);
      const summary = cast.people[0]!.summary;
      // A field added since reads back as a new message holds it (the reader's default), hence newMessage.
      const sent = newMessage({ id: freshId(), channelId: freshId(), content: 'old "row" \u2028', createdAt: new Date('2026-11-01T10:00:00.123Z') });
      const view: MessageView = { ...fieldsOf(sent), replyTo: null, pinned: false, author: summary, reactions: [] };
      const before = await history.after(0, 1_000_000);
      // The text the statement wrote until now: json_build_object's, spaces and "nonce" : null.
      await sql`
        insert into events (type, server_id, payload)
        select 'message.created', ${cast.serverId}, json_build_object(
          'id', ${view.id}::text, 'channelId', ${view.channelId}::text, 'content', ${view.content}::text,
          'createdAt', '2026-11-01T10:00:00.123Z', 'editedAt', null,
          'author', json_build_object('id', ${summary.id}::text, 'username', ${summary.username}::text),
          'reactions', '[]'::json, 'serverId', ${cast.serverId}::text, 'nonce', null::text)::text`.execute(db);
      await place();

      const logged = (await history.after(before.at(-1)?.position ?? 0, 1000)).filter(({ event }) => event?.type === 'message.created' && event.message.id === view.id);

      expect(logged.map(({ event }) => event)).toEqual([messageCreated(cast.serverId, view, null)]);
      expect(logged.map(wireOf)).toEqual([null]);
    });
  });
}

describeWireForm('PGlite', async () => {
  const db = await createPgliteDatabase();
  return { db, stores: createKyselyStores(db), close: () => db.destroy() };
});

describeWithPostgres('on the real PostgreSQL', () => {
  describeWireForm('PostgreSQL, its hot statements prepared with generic plans', async () => {
    const database: TestDatabase = await createPostgresDatabase();
    const hot = openPostgres({ url: database.url, poolSize: 2, genericPlans: true });
    return {
      db: database.db,
      stores: createKyselyStores(database.db, { hot }),
      async close() {
        await hot.destroy();
        await database.drop();
      },
    };
  });
});
