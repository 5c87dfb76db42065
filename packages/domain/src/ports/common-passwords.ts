/** The passwords too common to accept: lists of leaked passwords, as an adapter supplies them. */
export interface CommonPasswords {
  /** Whether the password is on the list (ignoring case: `Password` is as easy to guess as `password`). */
  isCommon(password: string): boolean;
}
