import { isNoScript, loadScript } from './load-script';
import type { RedisClient } from './redis-client';

/**
 * A Lua script run by its hash (`EVALSHA`), loaded once (into every master of a cluster), and again
 * if Redis forgot it (a restart, `SCRIPT FLUSH`, a replica promoted). A script that builds its keys
 * itself, all under one hash tag, names `slotKey` (any key of that tag): it is passed as the only
 * `KEYS[1]`, which the script need not read, so that a cluster runs it on the node of that slot; the
 * arguments stay `ARGV` as they were.
 */
export class RedisScript {
  private sha: Promise<string> | undefined;

  constructor(
    private readonly client: RedisClient,
    private readonly lua: string,
    private readonly slotKey?: string,
  ) {}

  async run(...args: (string | number)[]): Promise<unknown> {
    const keys = this.slotKey === undefined ? [0] : [1, this.slotKey];
    const attempt = async () => this.client.evalsha(await (this.sha ??= this.load()), ...(keys as [number]), ...args);
    try {
      return await attempt();
    } catch (error) {
      if (!isNoScript(error)) throw error;
      this.sha = this.load();
      return attempt();
    }
  }

  private load(): Promise<string> {
    return loadScript(this.client, this.lua);
  }
}
