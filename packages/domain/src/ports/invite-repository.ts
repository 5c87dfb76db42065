import type { Invite } from '../entities/invite';

export interface InviteRepository {
  create(invite: Invite): Promise<void>;
  findByCode(code: string): Promise<Invite | null>;
}
