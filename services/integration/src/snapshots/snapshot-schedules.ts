import type { Queue } from 'bullmq';
import type { CameraSnapshotJob } from '@hub/proto';

/** An organization's snapshot interval in use by at least one of its cameras. */
export interface OrganizationInterval {
  organization_id: number;
  snapshot_interval_seconds: number;
}

/** Where the schedules read what is on (SnapshotRunsRepository). */
export interface ScheduledIntervals {
  enabledSchedules(organizationId?: number): Promise<OrganizationInterval[]>;
}

const PREFIX = 'organization-';
const schedulerId = (row: OrganizationInterval) =>
  `${PREFIX}${row.organization_id}-every-${row.snapshot_interval_seconds}`;
const ofOrganization = (id: string, organizationId: number) =>
  id.startsWith(`${PREFIX}${organizationId}-every-`);

/**
 * One BullMQ job scheduler per organization and snapshot interval its cameras use (not one a
 * camera: BullMQ's cost is per job, so a tick takes all the organization's cameras of that
 * interval in one job). The database says what is on; the schedulers follow it (on every change,
 * and in full at start-up).
 */
export class SnapshotSchedules {
  /** Changes one after another: two at once could each remove the scheduler the other added. */
  private changes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly queue: Queue<CameraSnapshotJob>,
    private readonly intervals: ScheduledIntervals,
  ) {}

  /**
   * After a change to the organization's cameras: its schedulers as its cameras say. With
   * `startNow`, a camera's snapshots were just turned on at that interval: its scheduler starts
   * again, so the camera's first snapshot is taken at once (a new scheduler's first tick is
   * immediate) rather than at the running scheduler's next tick, up to an interval later. The
   * organization's other cameras of that interval get one tick early.
   */
  follow(organizationId: number, startNow?: number): Promise<void> {
    return this.inTurn(async () => {
      const wanted = await this.intervals.enabledSchedules(organizationId);
      const restarted = wanted.find((row) => row.snapshot_interval_seconds === startNow);
      if (restarted) await this.queue.removeJobScheduler(schedulerId(restarted));
      await this.reconcile(wanted, (id) => ofOrganization(id, organizationId));
    });
  }

  /** Start-up: schedulers for the intervals that are on, none for any other (older ones too). */
  resync(): Promise<void> {
    return this.inTurn(async () =>
      this.reconcile(await this.intervals.enabledSchedules(), () => true),
    );
  }

  private inTurn(change: () => Promise<void>): Promise<void> {
    const done = this.changes.then(change, change);
    this.changes = done.catch(() => undefined);
    return done;
  }

  private async reconcile(wanted: OrganizationInterval[], mine: (id: string) => boolean) {
    const ids = new Set(wanted.map(schedulerId));
    const existing = new Set<string>();
    for (const scheduler of await this.queue.getJobSchedulers(0, -1)) {
      const id = scheduler.id ?? scheduler.key;
      if (!mine(id)) continue;
      if (ids.has(id)) existing.add(id);
      else await this.queue.removeJobScheduler(id);
    }
    // A scheduler already there is left as it is: its next tick takes a camera just turned on.
    for (const row of wanted) if (!existing.has(schedulerId(row))) await this.add(row);
  }

  private async add(row: OrganizationInterval) {
    await this.queue.upsertJobScheduler(
      schedulerId(row),
      { every: row.snapshot_interval_seconds * 1000 },
      {
        name: 'snapshot',
        data: {
          organizationId: row.organization_id,
          intervalSeconds: row.snapshot_interval_seconds,
        },
        // A missed snapshot is not taken late: the next one comes within the interval anyway.
        opts: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 500 } },
      },
    );
  }
}
