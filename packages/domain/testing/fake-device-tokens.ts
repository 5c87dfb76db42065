import type { DeviceTokens } from '../src';

/** Unsigned, readable device tokens for unit tests: `device.<n>.<login names, joined by |>`. */
export class FakeDeviceTokens implements DeviceTokens {
  private issued = 0;

  async issue(loginNames: readonly string[]): Promise<string> {
    return `device.${++this.issued}.${loginNames.join('|')}`;
  }

  async recognize(token: string, loginName: string): Promise<string | null> {
    const match = /^device\.(\d+)\.(.*)$/.exec(token);
    return match && (match[2] as string).split('|').includes(loginName) ? (match[1] as string) : null;
  }
}
