export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
  /** Costs what a verify costs, so an unknown account cannot be told apart by timing. */
  verifyNothing(password: string): Promise<void>;
}
