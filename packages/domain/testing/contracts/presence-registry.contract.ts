import type { ChosenStatus, HeldSockets, Presence, PresenceRegistry } from '../../src';
import { freshId } from './fixtures';

/** A registry, and a way to let time pass for it (a clock moved, or a real wait). */
export interface PresenceWorld {
  readonly registry: PresenceRegistry;
  pass(ms: number): Promise<void>;
}

const LONG = 60_000;
/** Changes of these users only (a shared registry may hold other tests' replicas), in user id order. */
const of = (changes: Presence[] | 'lost', ...userIds: string[]) =>
  changes === 'lost' ? changes : changes.filter((change) => userIds.includes(change.userId)).sort((x, y) => x.userId.localeCompare(y.userId));

const sorted = (presences: readonly Presence[]) => [...presences].sort((x, y) => x.userId.localeCompare(y.userId));
/** A replica's sockets: user, how many, the places they are heard in (none unless said), and what they chose there (if they did). */
const held = (...users: (readonly [string, number, string[]?, ChosenStatus?])[]): Map<string, HeldSockets> =>
  new Map(users.map(([userId, count, places = [], chosen]) => [userId, chosen ? { count, places, chosen } : { count, places }]));

/** What every `PresenceRegistry` must do. */
export function describePresenceRegistryContract(name: string, makeWorld: () => Promise<PresenceWorld>): void {
  describe(`PresenceRegistry contract: ${name}`, () => {
    let world: PresenceWorld;
    let registry: PresenceRegistry;
    const aReplica = async (sockets: ReadonlyMap<string, HeldSockets> = new Map(), ttlMs = LONG) => {
      const replicaId = `replica-${freshId()}`;
      await registry.enter(replicaId, ttlMs, sockets);
      return replicaId;
    };
    beforeAll(async () => {
      world = await makeWorld();
      registry = world.registry;
    });

    it('shows a user online from their first socket to their last, and says so only then', async () => {
      const [a, b] = [await aReplica(), await aReplica()];
      const user = freshId();

      const steps = [
        await registry.connect(a, user, []),
        await registry.connect(b, user, []),
        await registry.disconnect(a, user),
        await registry.present([user]),
        await registry.disconnect(b, user),
        await registry.disconnect(b, user),
        await registry.present([user]),
      ];

      expect(steps).toEqual([[{ userId: user, status: 'online' }], [], [], [{ userId: user, status: 'online' }], [{ userId: user, status: 'offline' }], [], []]);
    });

    it('shows what the user chose while they are connected, invisible as offline, and forgets it with their last socket', async () => {
      const replica = await aReplica();
      const user = freshId();

      const steps = [
        await registry.choose(user, 'dnd'),
        await registry.connect(replica, user, [], 'idle'),
        await registry.choose(user, 'dnd'),
        await registry.choose(user, 'dnd'),
        await registry.connect(replica, user, []),
        await registry.present([user]),
        await registry.choose(user, 'invisible'),
        await registry.present([user]),
        await registry.disconnect(replica, user),
        await registry.disconnect(replica, user),
        await registry.connect(replica, user, []),
      ];

      expect(steps).toEqual([
        [],
        [{ userId: user, status: 'idle' }],
        [{ userId: user, status: 'dnd' }],
        [],
        [],
        [{ userId: user, status: 'dnd' }],
        [{ userId: user, status: 'offline' }],
        [],
        [],
        [],
        [{ userId: user, status: 'online' }],
      ]);
    });

    it('lists the present among many users, and leaves out the offline and the unknown', async () => {
      const replica = await aReplica();
      const [on, idle, hidden, gone] = [freshId(), freshId(), freshId(), freshId()];
      await registry.connect(replica, on, []);
      await registry.connect(replica, idle, [], 'idle');
      await registry.connect(replica, hidden, [], 'invisible');
      await registry.connect(replica, gone, []);
      await registry.disconnect(replica, gone);

      const present = await registry.present([on, idle, hidden, gone, freshId()]);

      expect(of(present, on, idle, hidden, gone)).toEqual(of([{ userId: on, status: 'online' }, { userId: idle, status: 'idle' }], on, idle));
    });

    it('lists the present heard in places, each once: from connect or a join of the place, until they leave it or their last socket goes', async () => {
      const replica = await aReplica();
      const [s1, s2, s3] = [freshId(), freshId(), freshId()];
      const [both, idle, hidden, gone, never, joined, moved] = [freshId(), freshId(), freshId(), freshId(), freshId(), freshId(), freshId()];
      await registry.connect(replica, both, [s1, s2]);
      await registry.connect(replica, idle, [s1], 'idle');
      await registry.connect(replica, hidden, [s2], 'invisible');
      await registry.connect(replica, gone, [s1]);
      await registry.disconnect(replica, gone);
      await registry.connect(replica, gone, []);
      await registry.joinPlace(never, s1);
      await registry.connect(replica, joined, []);
      await registry.joinPlace(joined, s2);
      await registry.connect(replica, moved, [s1, s3]);
      await registry.leavePlace(moved, s1);

      const listed = [sorted(await registry.presentIn([s1, s2])), await registry.presentIn([s3]), await registry.presentIn([])];

      expect(listed).toEqual([
        sorted([{ userId: both, status: 'online' }, { userId: idle, status: 'idle' }, { userId: joined, status: 'online' }]),
        [{ userId: moved, status: 'online' }],
        [],
      ]);
    });

    it('reads present users after the call: a read asked for after a change sees it, though one asked for just before may not', async () => {
      const replica = await aReplica();
      const [place, user] = [freshId(), freshId()];
      const before = registry.presentIn([place]);
      await registry.connect(replica, user, [place]);

      const after = await registry.presentIn([place]);

      expect({ after, before: (await before).filter((presence) => presence.userId !== user) }).toEqual({ after: [{ userId: user, status: 'online' }], before: [] });
    });

    it('takes a reaped replica’s users out of their places (those with a socket elsewhere stay), and lists them again when it enters', async () => {
      const [place, later] = [freshId(), freshId()];
      const [only, both] = [freshId(), freshId()];
      const dying = await aReplica(held([only, 1, [place]], [both, 1, [place]]), 300);
      await aReplica(held([both, 1, [place]]));

      await world.pass(400);
      await registry.reap();
      const afterReap = await registry.presentIn([place]);
      await registry.enter(dying, LONG, held([only, 1, [later]]));

      expect({ afterReap, place: await registry.presentIn([place]), later: await registry.presentIn([later]) }).toEqual({
        afterReap: [{ userId: both, status: 'online' }],
        place: [{ userId: both, status: 'online' }],
        later: [{ userId: only, status: 'online' }],
      });
    });

    it('replaces a replica’s record on enter, answering whom that changed', async () => {
      const [kept, dropped, added] = [freshId(), freshId(), freshId()];
      const replica = `replica-${freshId()}`;

      const first = await registry.enter(replica, LONG, held([kept, 2], [dropped, 1]));
      await registry.choose(kept, 'idle');
      const second = await registry.enter(replica, LONG, held([kept, 1], [added, 1]));

      expect(of(first, kept, dropped)).toEqual(of([{ userId: kept, status: 'online' }, { userId: dropped, status: 'online' }], kept, dropped));
      // The one kept keeps what they chose: an enter takes a replica's sockets away and gives them back in one step.
      expect(of(second, kept, dropped, added)).toEqual(of([{ userId: dropped, status: 'offline' }, { userId: added, status: 'online' }], dropped, added));
      expect(await registry.present([kept])).toEqual([{ userId: kept, status: 'idle' }]);
    });

    it('gives a reaped replica’s users, when it enters again, what they chose there, unless another replica’s choice still stands', async () => {
      const [only, both, unchosen, hidden] = [freshId(), freshId(), freshId(), freshId()];
      const dying = await aReplica(held([only, 1, [], 'idle'], [both, 1], [unchosen, 1], [hidden, 1, [], 'invisible']), 300);
      await aReplica(held([both, 1]));
      await registry.choose(both, 'dnd');

      await world.pass(400);
      const reaped = of(await registry.reap(), only, both, unchosen, hidden);
      const entered = of(await registry.enter(dying, LONG, held([only, 1, [], 'idle'], [both, 1, [], 'invisible'], [unchosen, 1], [hidden, 1, [], 'invisible'])), only, both, unchosen, hidden);

      expect({ reaped, entered }).toEqual({
        reaped: of([{ userId: only, status: 'offline' }, { userId: unchosen, status: 'offline' }], only, unchosen),
        entered: of([{ userId: only, status: 'idle' }, { userId: unchosen, status: 'online' }], only, unchosen),
      });
      // The invisible one never shows online, reaped or back.
      expect(sorted(await registry.present([only, both, unchosen, hidden]))).toEqual(
        sorted([{ userId: only, status: 'idle' }, { userId: both, status: 'dnd' }, { userId: unchosen, status: 'online' }]),
      );
    });

    it('reaps a replica whose heartbeat ran out, once: its users with no socket elsewhere go offline, and it must enter again', async () => {
      const [only, both, invisible] = [freshId(), freshId(), freshId()];
      // Heartbeats of a second, with room for a loaded machine's late timers and slow round trips.
      const dying = await aReplica(held([only, 1], [both, 1], [invisible, 1]), 1_000);
      const living = await aReplica(held([both, 1]));
      await registry.choose(invisible, 'invisible');

      const early = of(await registry.reap(), only, both, invisible);
      await world.pass(600);
      const beating = await registry.beat(dying, 1_000);
      await world.pass(600);
      const stillEarly = of(await registry.reap(), only, both, invisible);
      await world.pass(1_200);
      const reaped = of(await registry.reap(), only, both, invisible);
      const again = of(await registry.reap(), only, both, invisible);

      expect({ early, beating, stillEarly, reaped, again }).toEqual({ early: [], beating: true, stillEarly: [], reaped: [{ userId: only, status: 'offline' }], again: [] });
      expect(await registry.present([only, both, invisible])).toEqual([{ userId: both, status: 'online' }]);
      expect([await registry.beat(dying, LONG), await registry.connect(dying, only, []), await registry.disconnect(dying, both), await registry.beat(living, LONG)]).toEqual([false, 'lost', 'lost', true]);
      expect(of(await registry.enter(dying, LONG, held([only, 1])), only)).toEqual([{ userId: only, status: 'online' }]);
    });
  });
}
