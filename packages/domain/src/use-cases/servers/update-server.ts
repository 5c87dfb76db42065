import { serverImageSlot } from '../../entities/attachment';
import type { Server } from '../../entities/server';
import type { Actor } from '../../entities/session';
import { validationFailed, type Issue } from '../../errors';
import { roleUpdated, serverUpdated } from '../../events/chat-event';
import { everyoneRoleId } from '../../entities/role';
import type { AttachmentLinks } from '../../ports/attachment-links';
import type { ServerChanges } from '../../ports/server-repository';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { isId } from '../../ids';
import { fail, ok, type Outcome } from '../../result';
import { imageReferenceIssues } from '../../rules/image-rules';
import { serverNameIssues } from '../../rules/name-rules';
import { holdImages, type ImageChange } from '../attachments/hold-images';
import { serverWithPermission } from '../permissions';

const NOT_ITS_CHANNEL = { path: 'defaultChannelId', message: 'is not a channel of this server' };

/**
 * A member holding MANAGE_SERVER renames a server, sets its avatar and banner, who may invite
 * (`membersCanInvite`: `@everyone`'s CREATE_INVITE, which the server store reads and writes) or which
 * channel is the default; its members get `server.updated`. An avatar or banner is an `https` URL
 * or the id of an image the caller uploaded, which is then the server's (`holdImages`).
 */
export class UpdateServer {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember', 'MissingPermission'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly links: AttachmentLinks,
  ) {}

  async execute(actor: Actor, serverId: string, changes: ServerChanges): Outcome<Server, typeof UpdateServer.errors> {
    const issues: Issue[] = [
      ...(changes.name !== undefined ? serverNameIssues(changes.name) : []),
      ...(changes.avatar !== undefined ? imageReferenceIssues(changes.avatar, 'avatar') : []),
      ...(changes.banner !== undefined ? imageReferenceIssues(changes.banner, 'banner') : []),
    ];
    if (changes.membersCanInvite !== undefined && typeof changes.membersCanInvite !== 'boolean') issues.push({ path: 'membersCanInvite', message: 'must be a boolean' });
    if (changes.defaultChannelId !== undefined && !isId(changes.defaultChannelId)) issues.push(NOT_ITS_CHANNEL);
    if (Object.values(changes).every((value) => value === undefined)) {
      issues.push({ path: '', message: 'must change at least one of name, avatar, banner, membersCanInvite, defaultChannelId' });
    }
    if (issues.length > 0) return fail(validationFailed(issues));
    return this.unitOfWork.run(async (stores) => {
      // Held as a change: a transfer that commits first leaves the old owner reading who owns it now.
      const found = await serverWithPermission(stores, serverId, actor.userId, 'MANAGE_SERVER', { held: true });
      if (!found.ok) return found;
      const { server } = found.value;
      if (changes.defaultChannelId !== undefined && (await stores.channels.findById(changes.defaultChannelId))?.serverId !== server.id) {
        return fail(validationFailed([NOT_ITS_CHANNEL]));
      }
      const images = await holdImages(stores, this.links, actor.userId, imageChanges(server.id, changes));
      if (!images.ok) return images;
      const name = changes.name?.trim();
      const updated = await stores.servers.update(server.id, { ...changes, ...images.value.stored, ...(name !== undefined ? { name } : {}) });
      if (!updated) return fail({ kind: 'ServerNotFound' });
      await images.value.place();
      await stores.events.append(serverUpdated(updated));
      // The flag is @everyone's CREATE_INVITE: a client that keeps roles hears of it too.
      if (updated.membersCanInvite !== server.membersCanInvite) {
        const everyone = await stores.roles.find(updated.id, everyoneRoleId(updated.id));
        if (everyone) await stores.events.append(roleUpdated(everyone));
      }
      return ok(updated);
    });
  }
}

const imageChanges = (serverId: string, changes: ServerChanges): ImageChange[] =>
  (['avatar', 'banner'] as const).flatMap((path) => {
    const value = changes[path];
    return value === undefined ? [] : [{ slot: serverImageSlot(serverId, path), value, path }];
  });
