import { loginName, type DeviceTokens } from '@chat/domain';

/** Longer than any token we issue; a longer one is not looked at. */
const DEVICE_TOKEN_MAX = 2048;

/**
 * The account a login names, as it names it (email or username, ignoring case and surrounding
 * spaces), whichever address it comes from: what stops a botnet spraying one account. Undefined
 * for a body that names none (it is a 400 anyway). Not the account's id: counting an email and a
 * username together would tell a prober whether the two name one account.
 */
export function accountKey(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { email, username } = body as { email?: unknown; username?: unknown };
  if (typeof email === 'string' && email.trim() !== '') return loginName.email(email);
  if (typeof username === 'string' && username.trim() !== '') return loginName.username(username);
  return undefined;
}

/**
 * Which failed-login budget a login spends (OWASP's device cookies): a client showing a device
 * token issued for the account it names has one of its own, keyed by the token's device id; any
 * other login shares the account's. Failures from others exhaust the account's budget only, so
 * they lock out unknown clients (slowing a guesser) but never a client the owner logged in with.
 */
export async function loginLane(body: unknown, devices: Pick<DeviceTokens, 'recognize'>): Promise<string> {
  const account = accountKey(body);
  if (account === undefined) return '';
  const { deviceToken } = body as { deviceToken?: unknown };
  if (typeof deviceToken !== 'string' || deviceToken.length > DEVICE_TOKEN_MAX) return account;
  const device = await devices.recognize(deviceToken, account);
  return device === null ? account : `device:${device}`;
}
