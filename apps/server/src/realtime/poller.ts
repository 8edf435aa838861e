/**
 * A step run at most once at a time: a call while one runs is dropped (the next timer tick comes soon), so
 * a slow database never piles polls up.
 */
export abstract class Poller {
  private polling = false;

  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      await this.step();
    } finally {
      this.polling = false;
    }
  }

  protected abstract step(): Promise<void>;
}
