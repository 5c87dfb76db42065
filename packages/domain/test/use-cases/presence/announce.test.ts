import { announce, PRESENCE_FAN_OUT_MEMBERS, type Signal } from '@chat/domain';

/** Servers by member count, as `serversOver` reads them; `asked`: the bounds it was asked with. */
function membersOf(counts: Record<string, number>) {
  const asked: number[] = [];
  return {
    asked,
    serversOver: async (ids: readonly string[], maxMembers: number) => {
      asked.push(maxMembers);
      return ids.filter((id) => (counts[id] ?? 0) > maxMembers);
    },
  };
}

const bus = () => {
  const heard: Signal[] = [];
  return { heard, publish: async (signal: Signal) => void heard.push(signal), subscribe: () => () => undefined };
};

describe('announce: how far a presence change goes', () => {
  const counts = { small: 10, bound: 250, large: 251, huge: 50_000, dm: 0 };
  const places = ['small', 'bound', 'large', 'huge', 'dm'];

  it('tells no server of more than the bound, and those up to it (and conversations) as usual', async () => {
    const signals = bus();
    const members = membersOf(counts);

    await announce(signals, { members, maxMembers: 250 }, [{ userId: '7', status: 'online' }], async () => places);

    expect(signals.heard).toEqual([{ type: 'presence.updated', userId: '7', status: 'online', serverIds: ['small', 'bound', 'dm'] }]);
    expect(members.asked).toEqual([250]);
  });

  it('with the bound 0 tells every server, however large, without counting members', async () => {
    const signals = bus();
    const members = membersOf(counts);

    await announce(signals, { members, maxMembers: 0 }, [{ userId: '7', status: 'idle' }], async () => places);

    expect(signals.heard).toEqual([{ type: 'presence.updated', userId: '7', status: 'idle', serverIds: places }]);
    expect(members.asked).toEqual([]);
  });

  it('tells nothing when every place is over the bound', async () => {
    const signals = bus();

    await announce(signals, { members: membersOf(counts), maxMembers: PRESENCE_FAN_OUT_MEMBERS }, [{ userId: '7', status: 'offline' }], async () => ['huge']);

    expect(signals.heard).toEqual([]);
  });
});
