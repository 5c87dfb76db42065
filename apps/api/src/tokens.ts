import type { AccountNotices, CommonPasswords, DeviceTokens, EventHistory, UnitOfWork, Clock, IdGenerator, InviteCodeGenerator, OpaqueTokens, PasswordHasher, Quotas, Stores, TokenService, UseCases } from '@chat/domain';

/** A symbol that remembers what it stands for, so resolving it is type-checked. */
export type Token<T> = symbol & { readonly __type?: T };

const token = <T>(name: string): Token<T> => Symbol(name);

/** The ports, and the use-case catalogue built on them. */
export const TOKENS = {
  Stores: token<Stores>('Stores'),
  UnitOfWork: token<UnitOfWork>('UnitOfWork'),
  History: token<EventHistory>('EventHistory'),
  Clock: token<Clock>('Clock'),
  Ids: token<IdGenerator>('IdGenerator'),
  Hasher: token<PasswordHasher>('PasswordHasher'),
  CommonPasswords: token<CommonPasswords>('CommonPasswords'),
  Notices: token<AccountNotices>('AccountNotices'),
  Tokens: token<TokenService>('TokenService'),
  Devices: token<DeviceTokens>('DeviceTokens'),
  InviteCodes: token<InviteCodeGenerator>('InviteCodeGenerator'),
  Opaque: token<OpaqueTokens>('OpaqueTokens'),
  Quotas: token<Quotas>('Quotas'),
  /** A bot's access-token lifetime, in seconds. */
  AccessTokenTtl: token<number>('AccessTokenTtl'),
  UseCases: token<UseCases>('UseCases'),
} as const;
