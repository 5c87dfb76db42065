import { bitsOf, PERMISSIONS, type Permission, type PermissionBits } from '../entities/permissions';
import type { Issue } from '../errors';
import { roleNameIssues } from './name-rules';

/** A role's colour: an RGB integer, 0xRRGGBB. */
export const MAX_COLOR = 0xff_ff_ff;

export const isPermission = (name: unknown): name is Permission => typeof name === 'string' && (PERMISSIONS as readonly string[]).includes(name);

/** Permission names as bits, or the issues of the names that are not permissions (400 at the edge). */
export function permissionBitsOf(names: readonly unknown[], path = 'permissions'): { bits: PermissionBits } | { issues: Issue[] } {
  const issues = names.flatMap((name, at) => (isPermission(name) ? [] : [{ path: `${path}.${at}`, message: 'is not a permission' }]));
  return issues.length > 0 ? { issues } : { bits: bitsOf(names as Permission[]) };
}

export const colorIssues = (color: number | null, path = 'color'): Issue[] =>
  color === null || (Number.isInteger(color) && color >= 0 && color <= MAX_COLOR) ? [] : [{ path, message: `must be an integer from 0 to ${MAX_COLOR} (0xRRGGBB), or null` }];

/** A role's position among `count` roles other than `@everyone`: 1 (lowest) to `count`. */
export const positionIssues = (position: number, count: number, path = 'position'): Issue[] =>
  Number.isInteger(position) && position >= 1 && position <= count ? [] : [{ path, message: `must be an integer from 1 to ${count}` }];

export interface RoleFields {
  readonly name?: string;
  readonly color?: number | null;
  readonly permissions?: readonly unknown[];
}

/** The fields of a new or changed role checked together: every issue at once, bits when there are none. */
export function roleFieldIssues(fields: RoleFields): { issues: Issue[]; bits: PermissionBits | undefined } {
  const issues = [...(fields.name === undefined ? [] : roleNameIssues(fields.name)), ...(fields.color === undefined ? [] : colorIssues(fields.color))];
  if (fields.permissions === undefined) return { issues, bits: undefined };
  const permissions = permissionBitsOf(fields.permissions);
  return 'issues' in permissions ? { issues: [...issues, ...permissions.issues], bits: undefined } : { issues, bits: permissions.bits };
}
