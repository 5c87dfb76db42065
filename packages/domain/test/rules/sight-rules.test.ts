import { bitsOf, everyoneSeesAll, hiddenChannels, sightChanges, type Channel, type PermissionOverwrite, type Role } from '@chat/domain';

const SERVER = { id: '10', ownerId: '1' };
const VIEW = bitsOf(['VIEW_CHANNEL']);
const role = (id: string, permissions: number, position = 1): Role => ({ id, serverId: SERVER.id, name: id, color: null, position, permissions, createdAt: new Date(0) });
const channel = (id: string, permissionOverwrites: PermissionOverwrite[] = []): Channel => ({
  id,
  serverId: SERVER.id,
  name: id,
  topic: null,
  position: 0,
  permissionOverwrites,
  createdAt: new Date(0),
});
const EVERYONE = role(SERVER.id, VIEW | bitsOf(['SEND_MESSAGES']), 0);
const LEADS = role('20', 0);
const ADMINS = role('30', bitsOf(['ADMINISTRATOR']), 2);
const SECRET = channel('200', [
  { id: SERVER.id, type: 'role', allow: 0, deny: VIEW },
  { id: LEADS.id, type: 'role', allow: VIEW, deny: 0 },
]);
const OPEN = channel('100');
const hidden = (holdings: [string, string[]][], channels = [OPEN, SECRET]) => hiddenChannels(SERVER, [EVERYONE, LEADS, ADMINS], new Map(holdings), channels);

describe('hiddenChannels', () => {
  it('hides from each member the channels they lack VIEW_CHANNEL in, as Discord computes it', () => {
    const result = hidden([
      ['2', []],
      ['3', [LEADS.id]],
      ['4', [ADMINS.id]],
      ['1', []],
    ]);

    expect(Object.fromEntries([...result].map(([userId, channels]) => [userId, [...channels]]))).toEqual({ '2': [SECRET.id], '3': [], '4': [], '1': [] });
  });

  it('gives a member’s own overwrite its due, though they hold the same roles as another', () => {
    const withOwn = channel(SECRET.id, [...SECRET.permissionOverwrites, { id: '5', type: 'member', allow: VIEW, deny: 0 }]);

    const result = hidden(
      [
        ['2', []],
        ['5', []],
      ],
      [OPEN, withOwn],
    );

    expect([...result.get('2')!]).toEqual([SECRET.id]);
    expect([...result.get('5')!]).toEqual([]);
  });

  it('hides every channel from members whose roles lack VIEW_CHANNEL server-wide, but for an overwrite that allows it', () => {
    const shut = hiddenChannels(SERVER, [role(SERVER.id, 0, 0), LEADS], new Map([['2', []], ['3', [LEADS.id]]]), [OPEN, SECRET]);

    expect([...shut.get('2')!]).toEqual([OPEN.id, SECRET.id]);
    expect([...shut.get('3')!]).toEqual([OPEN.id]);
  });
});

describe('everyoneSeesAll', () => {
  it('holds while @everyone sees and no overwrite denies VIEW_CHANNEL, whatever the roles', () => {
    expect(everyoneSeesAll(SERVER, [EVERYONE, LEADS], [OPEN])).toBe(true);
    expect(everyoneSeesAll(SERVER, [EVERYONE, LEADS], [OPEN, SECRET])).toBe(false);
    expect(everyoneSeesAll(SERVER, [role(SERVER.id, bitsOf(['SEND_MESSAGES']), 0)], [OPEN])).toBe(false);
    expect(everyoneSeesAll(SERVER, [EVERYONE], [channel('300', [{ id: LEADS.id, type: 'role', allow: 0, deny: VIEW }])])).toBe(false);
  });
});

describe('sightChanges', () => {
  it('reads null as nobody shut out of anything', () => {
    const shut = hidden([['2', []], ['3', [LEADS.id]]]);

    expect(sightChanges(null, shut)).toEqual({ lost: [['2', SECRET.id]], gained: [] });
    expect(sightChanges(shut, null)).toEqual({ lost: [], gained: [['2', SECRET.id]] });
    expect(sightChanges(null, null)).toEqual({ lost: [], gained: [] });
  });

  it('names who lost and who gained sight of which channel, and nothing for members read only once', () => {
    const before = hidden([['2', []], ['3', [LEADS.id]]]);
    const after = hidden([['2', [LEADS.id]], ['3', []], ['6', []]]);

    expect(sightChanges(before, after)).toEqual({ lost: [['3', SECRET.id]], gained: [['2', SECRET.id]] });
  });
});
