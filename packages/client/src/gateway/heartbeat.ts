/**
 * The client's side of the gateway's heartbeat: a beat every interval, the first at a random point
 * of it (so clients that reconnect together spread out). A beat still unanswered (no `acked()`) when
 * the next is due means the connection is dead though no close came: `silent` is called instead.
 */
export class Heartbeat {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private awaitingAck = false;
  private intervalMs = 30_000;

  constructor(
    private readonly beat: () => void,
    private readonly silent: () => void,
  ) {}

  get running(): boolean {
    return this.timer !== undefined;
  }

  /** Starts beating, every `intervalMs` (by default, the last interval given: the hello's). */
  start(intervalMs = this.intervalMs): void {
    this.stop();
    this.intervalMs = intervalMs;
    this.awaitingAck = false;
    const tick = () => {
      if (this.awaitingAck) {
        this.timer = undefined;
        this.silent();
        return;
      }
      this.awaitingAck = true;
      this.beat();
      this.timer = setTimeout(tick, intervalMs);
    };
    this.timer = setTimeout(tick, intervalMs * Math.random());
  }

  acked(): void {
    this.awaitingAck = false;
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
