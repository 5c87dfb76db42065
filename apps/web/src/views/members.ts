/** The open server's members: each with their roles (highest first, in the role's color), a Message (to write to them directly), Block or Unblock and, where allowed, a Remove. */
import type { Member } from '@chat/client';
import { mayRemoveMember } from '../controls.js';
import { h } from '../dom.js';
import { isBlocked } from '../model/blocks.js';
import { nameOf } from '../model/people.js';
import { powersOf, rankOf } from '../model/permissions.js';
import { presenceOf } from '../model/presence.js';
import { openServerOf, type Role, type ServerState } from '../model/state.js';
import type { ViewContext } from './intents.js';
import { nameNode, presenceDot } from './people.js';

/** A role's color as CSS (`0xRRGGBB` → `#rrggbb`); none for `null`. */
export const roleColor = (color: number | null): string | undefined => (color === null ? undefined : `#${color.toString(16).padStart(6, '0')}`);

/** The member's roles the page knows, highest first. */
function rolesOf(server: ServerState, member: Member): Role[] {
  const held = new Set(member.roleIds);
  return (server.roles ?? []).filter((role) => held.has(role.id)).reverse();
}

/** A role's name, marked by its color (a dot: the name stays in the text's own color, readable on any background). */
function roleChip(role: Role): HTMLSpanElement {
  const chip = h('span', { className: 'role' }, role.name);
  const color = roleColor(role.color);
  // Set through the CSSOM: the page's Content-Security-Policy refuses inline style attributes.
  if (color) chip.style.setProperty('--role-color', color);
  return chip;
}

/** Block or Unblock, on everyone's line but one's own. */
function blockButton({ state, intents }: ViewContext, member: Member): HTMLButtonElement | null {
  if (member.userId === state.me?.id) return null;
  const blocked = isBlocked(state, member.userId);
  const label = blocked ? 'Unblock' : 'Block';
  return h('button', { type: 'button', className: 'block', 'aria-label': `${label} ${nameOf(member.user)}`, onclick: () => intents.setBlocked(member, !blocked) }, label);
}

export function renderMembers(view: ViewContext): void {
  const { el, state, intents } = view;
  const server = openServerOf(state);
  if (!server) return void el.memberList.replaceChildren();
  const { server: held, rank } = powersOf(state);
  el.memberList.replaceChildren(
    ...(server.members ?? []).map((member) => {
      const roles = rolesOf(server, member);
      const owner = member.userId === server.ownerId;
      const name = nameOf(member.user);
      return h(
        'li',
        {},
        h('span', { className: 'who' }, presenceDot(presenceOf(state, member.userId)), nameNode('span', member.user, owner ? h('span', { className: 'hint' }, ' (owner)') : null)),
        member.userId === state.me?.id
          ? null
          : h('button', { type: 'button', className: 'message-member', 'aria-label': `Message ${name}`, onclick: () => intents.messageMember(member.userId) }, 'Message'),
        blockButton(view, member),
        mayRemoveMember(held, rank, { rank: rankOf(server, member.userId), owner })
          ? h('button', { type: 'button', className: 'remove', 'aria-label': `Remove ${name}`, onclick: () => intents.removeMember(server, member) }, 'Remove')
          : null,
        // Last: the roles wrap under the name, and Remove stays on the name's line.
        roles.length > 0 ? h('span', { className: 'roles', role: 'list', 'aria-label': `Roles of ${name}` }, ...roles.map((role) => h('span', { role: 'listitem' }, roleChip(role)))) : null,
      );
    }),
  );
}
