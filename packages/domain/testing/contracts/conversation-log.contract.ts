import { conversationOpened, messageCreated, routeOf } from '../../src';
import { readAll, type EventStores } from './event-stores';
import { aConversation, aMessage, givenActor, givenUser, withoutAuthor } from './fixtures';
import { viewOf } from './message-contract-helpers';

/** A direct conversation's events and snapshot: routed by its id where a server's would be. */
export function describeConversationLogContract(name: string, make: () => Promise<EventStores>): void {
  describe(`EventLog contract, direct conversations: ${name}`, () => {
    let s: EventStores;
    beforeAll(async () => {
      s = await make();
    });

    async function aDm() {
      const [a, b] = [await givenUser(s.stores), await givenUser(s.stores)];
      const dm = aConversation(a.id, [b.id]);
      await s.stores.conversations.create(dm);
      return { a, b, dm };
    }

    it('records a send in a conversation with no server, routed by the conversation', async () => {
      const { a, dm } = await aDm();
      const message = aMessage(dm.id, a.id, { content: 'quotes " and \\ and 😀' });

      expect((await s.stores.messages.createAs(await givenActor(s.stores, a.id), withoutAuthor(message), 'n1')).ok).toBe(true);
      await s.place();

      const logged = (await readAll(s.history)).filter(({ event }) => event?.type === 'message.created' && event.message.id === message.id);
      expect(logged.map(({ event }) => event)).toEqual([messageCreated(null, viewOf(message, a), 'n1')]);
      expect(logged.map(({ route }) => route)).toEqual([{ type: 'message.created', serverId: dm.id, subjectId: null, channelId: dm.id }]);
      expect(routeOf(logged[0]!.event!)).toEqual(logged[0]!.route);
    });

    it("snapshots a user's conversations, and which they came into after a position", async () => {
      const { b, dm } = await aDm();
      const actor = await givenActor(s.stores, b.id);
      await s.place();
      const before = (await s.history.snapshot(actor, null))!;
      await s.unitOfWork.run(async (stores) => {
        await stores.events.append(conversationOpened((await stores.conversations.view(dm.id))!, b.id));
      });
      await s.place();

      const after = (await s.history.snapshot(actor, before.head))!;
      expect(after.privateChannels.map((c) => c.id)).toEqual([dm.id]);
      expect(after.conversationIds).toEqual(new Set([dm.id]));
      expect(after.joinedAfter).toEqual(new Set([dm.id]));
      expect((await s.history.snapshot(actor, after.head))!.joinedAfter).toEqual(new Set());
    });
  });
}
