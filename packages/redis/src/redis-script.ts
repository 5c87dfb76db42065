import type { RedisClient } from './redis-client';

const isNoScript = (error: unknown): boolean => error instanceof Error && /^NOSCRIPT\b/.test(error.message);

/** A Lua script run by its hash (`EVALSHA`), loaded once, and again if Redis forgot it (a restart, `SCRIPT FLUSH`). */
export class RedisScript {
  private sha: Promise<string> | undefined;

  constructor(
    private readonly client: RedisClient,
    private readonly lua: string,
  ) {}

  async run(...args: (string | number)[]): Promise<unknown> {
    const attempt = async () => this.client.evalsha(await (this.sha ??= this.load()), 0, ...args);
    try {
      return await attempt();
    } catch (error) {
      if (!isNoScript(error)) throw error;
      this.sha = this.load();
      return attempt();
    }
  }

  private async load(): Promise<string> {
    const sha = await this.client.script('LOAD', this.lua);
    if (typeof sha !== 'string') throw new TypeError('unexpected reply from Redis');
    return sha;
  }
}
