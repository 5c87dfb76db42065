import { userAvatarSlot } from '../../entities/attachment';
import { accountOf, summarizeUser, type Account, type AccountChanges, type UserSummary } from '../../entities/user';
import type { Actor } from '../../entities/session';
import { validationFailed, type Issue } from '../../errors';
import { userUpdated } from '../../events/chat-event';
import type { AttachmentLinks } from '../../ports/attachment-links';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { holdImages } from '../attachments/hold-images';
import { heardIn } from '../heard-in';
import { usernameIssues } from '../../rules/account-rules';
import { imageReferenceIssues } from '../../rules/image-rules';
import { displayNameIssues } from '../../rules/name-rules';

/** Every field's problems at once; nothing to change is one too. */
function changeIssues(changes: AccountChanges): Issue[] {
  const issues: Issue[] = [
    ...(changes.username !== undefined ? usernameIssues(changes.username) : []),
    ...(changes.displayName !== undefined ? displayNameIssues(changes.displayName) : []),
    ...(changes.avatar !== undefined ? imageReferenceIssues(changes.avatar, 'avatar') : []),
  ];
  if (changes.username === undefined && changes.displayName === undefined && changes.avatar === undefined) {
    issues.push({ path: '', message: 'must change at least one of username, displayName, avatar' });
  }
  return issues;
}

const sameFace = (a: UserSummary, b: UserSummary): boolean => a.username === b.username && a.displayName === b.displayName && a.avatar === b.avatar;

/**
 * A user (a person or a bot) changes their username, display name or avatar. They and everyone who
 * shares a server with them get one `user.updated`; nothing is logged when nothing changed. The
 * avatar is an `https` URL or the id of an image they uploaded, which is then theirs (`holdImages`).
 */
export class UpdateAccount {
  static readonly errors = ['ValidationFailed', 'UsernameInUse', 'InvalidToken'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly links: AttachmentLinks,
  ) {}

  async execute(actor: Actor, changes: AccountChanges): Outcome<Account, typeof UpdateAccount.errors> {
    const issues = changeIssues(changes);
    if (issues.length > 0) return fail(validationFailed(issues));
    const displayName = changes.displayName === undefined ? {} : { displayName: changes.displayName?.trim() ?? null };
    return this.unitOfWork.run(async (stores) => {
      // Held: two changes of one user are logged in the order they were made.
      const before = await stores.users.hold(actor.userId);
      if (!before) return fail({ kind: 'InvalidToken' });
      const avatar = changes.avatar === undefined ? [] : [{ slot: userAvatarSlot(actor.userId), value: changes.avatar, path: 'avatar' as const }];
      const images = await holdImages(stores, this.links, actor.userId, avatar);
      if (!images.ok) return images;
      const after = await stores.users.update(actor.userId, { ...changes, ...displayName, ...images.value.stored });
      if (after === 'UsernameTaken') return fail({ kind: 'UsernameInUse' });
      if (!after) return fail({ kind: 'InvalidToken' });
      await images.value.place();
      if (!sameFace(before, after)) await stores.events.append(userUpdated(summarizeUser(after), await heardIn(stores, actor.userId)));
      return ok(accountOf(after));
    });
  }
}
