import type { Queue } from 'bullmq';
import type { CameraSnapshotJob } from '@hub/proto';

export interface ScheduleSettings {
  id: number;
  snapshot_enabled: boolean;
  snapshot_interval_seconds: number;
}

const schedulerId = (assignmentId: number) => `assignment-${assignmentId}`;

/**
 * One BullMQ job scheduler per camera assignment whose snapshots are on. The database says what
 * is on; the schedulers follow it (on every change, and in full at start-up).
 */
export class SnapshotSchedules {
  constructor(private readonly queue: Queue<CameraSnapshotJob>) {}

  async apply(settings: ScheduleSettings): Promise<void> {
    if (!settings.snapshot_enabled) return this.remove(settings.id);
    await this.queue.upsertJobScheduler(
      schedulerId(settings.id),
      { every: settings.snapshot_interval_seconds * 1000 },
      {
        name: 'snapshot',
        data: { assignmentId: settings.id },
        // A missed snapshot is not taken late: the next one comes within the interval anyway.
        opts: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 500 } },
      },
    );
  }

  async remove(assignmentId: number): Promise<void> {
    await this.queue.removeJobScheduler(schedulerId(assignmentId));
  }

  /** Start-up: schedulers for the assignments that are on, none for any other. */
  async resync(enabled: { id: number; snapshot_interval_seconds: number }[]): Promise<void> {
    const wanted = new Set(enabled.map((row) => schedulerId(row.id)));
    for (const scheduler of await this.queue.getJobSchedulers(0, -1)) {
      const id = scheduler.id ?? scheduler.key;
      if (!wanted.has(id)) await this.queue.removeJobScheduler(id);
    }
    for (const row of enabled) await this.apply({ ...row, snapshot_enabled: true });
  }
}
