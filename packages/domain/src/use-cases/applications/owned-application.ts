import type { Actor } from '../../entities/session';
import { isId } from '../../ids';
import type { ApplicationRepository } from '../../ports/application-repository';
import type { Application } from '../../entities/application';
import { fail, ok, type Outcome } from '../../result';

/** The application named by `id`, if it exists and the actor owns it (a malformed id names nothing). */
export async function ownedApplication(applications: ApplicationRepository, actor: Actor, id: string): Outcome<Application, readonly ['ApplicationNotFound', 'NotTheOwner']> {
  const application = isId(id) ? await applications.findById(id) : null;
  if (!application) return fail({ kind: 'ApplicationNotFound' });
  if (application.ownerId !== actor.userId) return fail({ kind: 'NotTheOwner' });
  return ok(application);
}
