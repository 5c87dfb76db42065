import {
  ALL_PERMISSIONS,
  bitsOf,
  channelPermissions,
  EVERYONE_DEFAULT,
  mayGrant,
  mayManageRoleAt,
  permissionBitsOf,
  permissionNames,
  PERMISSIONS,
  rankOf,
  roleFieldIssues,
  serverPermissions,
  type PermissionOverwrite,
  type Standing,
} from '../../src';

const SERVER = '100';
const someone = (roles: Standing['roles'] = [], everyone = EVERYONE_DEFAULT): Standing => ({ userId: '7', isOwner: false, everyone, roles });
const role = (id: string, position: number, names: Parameters<typeof bitsOf>[0]) => ({ id, position, permissions: bitsOf(names) });
const overwrite = (id: string, type: 'role' | 'member', allow: Parameters<typeof bitsOf>[0], deny: Parameters<typeof bitsOf>[0]): PermissionOverwrite => ({
  id,
  type,
  allow: bitsOf(allow),
  deny: bitsOf(deny),
});

describe('permission names and bits', () => {
  it('round-trips every name, in the documented order', () => {
    expect(permissionNames(bitsOf([...PERMISSIONS].reverse()))).toEqual([...PERMISSIONS]);
    expect(permissionNames(ALL_PERMISSIONS)).toEqual([...PERMISSIONS]);
    expect(permissionNames(EVERYONE_DEFAULT)).toEqual(['VIEW_CHANNEL', 'SEND_MESSAGES', 'ADD_REACTIONS', 'ATTACH_FILES']);
  });

  it('refuses a name that is not a permission, naming where it is', () => {
    expect(permissionBitsOf(['KICK_MEMBERS', 'FLY', 3])).toEqual({
      issues: [
        { path: 'permissions.1', message: 'is not a permission' },
        { path: 'permissions.2', message: 'is not a permission' },
      ],
    });
    expect(permissionBitsOf(['KICK_MEMBERS'])).toEqual({ bits: bitsOf(['KICK_MEMBERS']) });
  });

  it('checks a role\'s fields together', () => {
    expect(roleFieldIssues({ name: ' ', color: 0x1000000, permissions: ['NOPE'] }).issues.map((i) => i.path)).toEqual(['name', 'color', 'permissions.0']);
    expect(roleFieldIssues({ name: 'mods', color: 0xffffff, permissions: [] })).toEqual({ issues: [], bits: 0 });
    expect(roleFieldIssues({ color: 1.5 }).issues).toHaveLength(1);
  });
});

describe('server permissions', () => {
  it('are @everyone\'s and the roles\' together', () => {
    expect(serverPermissions(someone([role('1', 1, ['KICK_MEMBERS'])]))).toBe(EVERYONE_DEFAULT | bitsOf(['KICK_MEMBERS']));
  });

  it('are all of them for the owner and for ADMINISTRATOR', () => {
    expect(serverPermissions({ ...someone(), everyone: 0, isOwner: true })).toBe(ALL_PERMISSIONS);
    expect(serverPermissions(someone([role('1', 1, ['ADMINISTRATOR'])], 0))).toBe(ALL_PERMISSIONS);
  });
});

describe('channel permissions, as Discord computes them', () => {
  const mods = role('20', 1, []);
  const helpers = role('21', 2, []);

  it('apply @everyone\'s overwrite, then the roles\' together (deny then allow), then the member\'s', () => {
    const standing = someone([mods, helpers]);
    const overwrites = [
      overwrite(SERVER, 'role', [], ['VIEW_CHANNEL', 'SEND_MESSAGES']),
      overwrite('20', 'role', ['VIEW_CHANNEL'], ['ADD_REACTIONS']),
      overwrite('21', 'role', ['ADD_REACTIONS'], []),
    ];
    // A role's allow beats another role's deny; SEND_MESSAGES stays denied from @everyone.
    expect(permissionNames(channelPermissions(standing, SERVER, overwrites))).toEqual(['VIEW_CHANNEL', 'ADD_REACTIONS', 'ATTACH_FILES']);
    const own = overwrite('7', 'member', ['SEND_MESSAGES'], ['VIEW_CHANNEL']);
    expect(permissionNames(channelPermissions(standing, SERVER, [...overwrites, own]))).toEqual(['SEND_MESSAGES', 'ADD_REACTIONS', 'ATTACH_FILES']);
  });

  it('ignore overwrites of roles the member does not hold and of other members', () => {
    const overwrites = [overwrite('99', 'role', [], ['VIEW_CHANNEL']), overwrite('8', 'member', [], ['VIEW_CHANNEL'])];
    expect(channelPermissions(someone(), SERVER, overwrites)).toBe(EVERYONE_DEFAULT);
  });

  it('do not apply to the owner or ADMINISTRATOR', () => {
    const deny = [overwrite(SERVER, 'role', [], ['VIEW_CHANNEL'])];
    expect(channelPermissions({ ...someone(), isOwner: true }, SERVER, deny)).toBe(ALL_PERMISSIONS);
    expect(channelPermissions(someone([role('1', 1, ['ADMINISTRATOR'])]), SERVER, deny)).toBe(ALL_PERMISSIONS);
  });
});

describe('the hierarchy', () => {
  it('ranks the owner above all and anyone else at their highest role', () => {
    expect(rankOf({ isOwner: true, roles: [] })).toBe(Number.POSITIVE_INFINITY);
    expect(rankOf(someone([role('1', 3, []), role('2', 5, [])]))).toBe(5);
    expect(rankOf(someone())).toBe(0);
  });

  it('lets someone manage only roles below them, and grant only what they hold', () => {
    expect(mayManageRoleAt(5, 4)).toBe(true);
    expect(mayManageRoleAt(5, 5)).toBe(false);
    expect(mayGrant(bitsOf(['KICK_MEMBERS', 'BAN_MEMBERS']), bitsOf(['KICK_MEMBERS']))).toBe(true);
    expect(mayGrant(bitsOf(['KICK_MEMBERS']), bitsOf(['KICK_MEMBERS', 'ADMINISTRATOR']))).toBe(false);
  });
});
