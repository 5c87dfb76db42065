import type { ReadState } from '../../entities/read-state';
import type { Actor } from '../../entities/session';
import type { ReadStateRepository } from '../../ports/read-state-repository';
import { ok, type Outcome } from '../../result';

/** Where the user has something unread: every channel they can see, every conversation of theirs (see `ReadStateRepository`). */
export class ListReadStates {
  static readonly errors = [] as const;

  constructor(private readonly readStates: ReadStateRepository) {}

  async execute(actor: Actor): Outcome<readonly ReadState[], typeof ListReadStates.errors> {
    return ok(await this.readStates.list(actor.userId));
  }
}
