/**
 * Signed proof that a client logged in to an account before (OWASP's "device cookie"): the edge
 * gives a login that shows one for its account a failed-login limit of its own, so failures from
 * anyone else never lock that client out.
 */
export interface DeviceTokens {
  /** A new token, with a random device id, for the account known by these login names (`loginNamesOf`). */
  issue(loginNames: readonly string[]): Promise<string>;
  /** The token's device id when it is genuine, unexpired and was issued for this login name; null otherwise. */
  recognize(token: string, loginName: string): Promise<string | null>;
}
