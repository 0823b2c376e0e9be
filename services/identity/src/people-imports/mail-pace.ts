/**
 * Spaces calls at most `perSecond` a second (0: no pacing), so an import of thousands does not
 * flood the mail server.
 */
export class MailPace {
  private next = 0;

  constructor(
    private readonly perSecond: number,
    private readonly sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
    private readonly now = () => Date.now(),
  ) {}

  async wait(): Promise<void> {
    if (this.perSecond <= 0) return;
    const now = this.now();
    const at = Math.max(now, this.next);
    this.next = at + 1000 / this.perSecond;
    if (at > now) await this.sleep(at - now);
  }
}
