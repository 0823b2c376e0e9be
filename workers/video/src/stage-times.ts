/**
 * Where one analysis's time went, stage by stage, logged once when it ends: what the face model
 * does is measured by the benches, but a video waits on more than that (the copy from storage,
 * ffprobe, loading the model, cutting and storing the faces, the report), and those show here.
 */
export class StageTimes {
  private readonly started = performance.now();
  private last = this.started;
  private readonly stages: Record<string, number> = {};

  /** The time since the previous mark (or the start) is the time of `stage`. */
  mark(stage: string): void {
    const now = performance.now();
    this.stages[stage] = (this.stages[stage] ?? 0) + Math.round(now - this.last);
    this.last = now;
  }

  /** Milliseconds by stage, in the order they ended, and the total. */
  get ms(): Record<string, number> {
    return { ...this.stages, total: Math.round(performance.now() - this.started) };
  }

  /** "copy 12 ms, probe 40 ms, …, total 5,100 ms" */
  text(): string {
    return Object.entries(this.ms)
      .map(([stage, ms]) => `${stage} ${ms.toLocaleString('en')} ms`)
      .join(', ');
  }
}
