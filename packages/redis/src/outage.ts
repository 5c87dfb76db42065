/** Told when Redis stops answering an adapter, and when it answers again. */
export interface OutageEvents {
  down(error: unknown): void;
  up(): void;
}

/** An adapter's view of a Redis outage: each change reported once, not per command. */
export class Outage {
  private away = false;

  constructor(private readonly events: OutageEvents | undefined) {}

  /** `work`'s answer, or `fallback`'s once Redis failed it (reported if it is the first failure). */
  async attempt<T>(work: () => Promise<T>, fallback: T): Promise<T> {
    try {
      const value = await work();
      if (this.away) this.events?.up();
      this.away = false;
      return value;
    } catch (error) {
      if (!this.away) this.events?.down(error);
      this.away = true;
      return fallback;
    }
  }
}
