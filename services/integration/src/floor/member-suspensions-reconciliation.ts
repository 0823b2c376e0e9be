import { Logger } from '@nestjs/common';
import type { RpcClient } from '@hub/kit';
import { identityRpc } from '@hub/proto';
import type { MemberSuspensionsRepository, SuspendedKey } from './member-suspensions.repository.js';

/** Suspended members asked of identity per call (the contract's bound). */
const PAGE = 1000;

export interface ReconciliationTiming {
  /** The wait after a first failure, doubled after each until `maxRetryMs`. */
  firstRetryMs: number;
  maxRetryMs: number;
}

const DEFAULT_TIMING: ReconciliationTiming = { firstRetryMs: 1_000, maxRetryMs: 60_000 };

/**
 * At each start, records every member identity says is suspended now, with the suspension's
 * instant: the record is otherwise kept from `member.suspended` events alone, and one an older
 * integration acknowledged and ignored during a rolling upgrade (the catch-up of identity's
 * migration 1768000021000 among them), or a record that started empty, would never be told
 * again; and restores whoever it holds suspended that identity no longer lists (a lost
 * `member.restored`). Each start rather than once behind a marker: the suspended are few
 * (pages of 1,000), and it also heals a record restored from a backup. The upsert ordered by
 * instant keeps any newer restoration standing. Identity away: retried in the background with
 * a doubling wait, never holding the start up.
 */
export class MemberSuspensionsReconciliation {
  private readonly logger = new Logger('MemberSuspensionsReconciliation');
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly rpc: Pick<RpcClient, 'call'>,
    private readonly suspensions: Pick<MemberSuspensionsRepository, 'record' | 'restoreUnlisted'>,
    private readonly timing: ReconciliationTiming = DEFAULT_TIMING,
  ) {}

  /** Starts reconciling in the background; `done` answers once it succeeded (or was stopped). */
  start(): void {
    this.running = this.attempt(this.timing.firstRetryMs);
  }

  /** Answers once the reconciliation is over: succeeded, or stopped. */
  get done(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  /**
   * No further attempt; answers once the one under way (if any) is over. What the closing
   * database then fails is not logged: stopped, the attempt just ends.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.wake?.();
    await this.running;
  }

  private async attempt(waitMs: number): Promise<void> {
    while (!this.stopped) {
      try {
        const count = await this.reconcile();
        if (!this.stopped) this.logger.log(`Reconciled ${count} suspended members with identity`);
        return;
      } catch (error) {
        if (this.stopped) return;
        this.logger.warn(
          `Reconciling suspensions failed, retried in ${waitMs} ms: ${String(error)}`,
        );
        await this.pause(waitMs);
        waitMs = Math.min(waitMs * 2, this.timing.maxRetryMs);
      }
    }
  }

  /**
   * Every page of identity's suspended members recorded, then (the pass complete) whoever the
   * record holds suspended, unlisted and changed before the first page's `asOf`, restored at it:
   * a lost `member.restored`, or one ignored behind a later-stamped suspension, would otherwise
   * leave them suspended on the floor for good. Answers how many were listed.
   */
  async reconcile(): Promise<number> {
    let afterId = 0;
    let asOf: string | undefined;
    const listed: SuspendedKey[] = [];
    for (;;) {
      const page = await this.rpc.call(identityRpc.suspendedMembers, { afterId, limit: PAGE });
      asOf ??= page.asOf;
      for (const member of page.members) {
        if (this.stopped) return listed.length;
        await this.suspensions.record({
          type: 'member.suspended',
          organizationId: member.organizationId,
          userId: member.userId,
          at: member.suspendedAt,
        });
        listed.push({ organizationId: member.organizationId, userId: member.userId });
      }
      if (page.members.length < PAGE) break;
      afterId = page.members[page.members.length - 1]!.userId;
    }
    if (!this.stopped) await this.suspensions.restoreUnlisted(asOf, listed);
    return listed.length;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
      this.timer = setTimeout(resolve, ms);
      this.timer.unref();
    });
  }
}
