import type { NotificationRequest } from '@hub/proto';
import type { EventPublisher, SqlRunner } from '@hub/kit';

const NOTIFY_BATCH = 1000;

/**
 * Tells users what happened to their documents (identity writes it in each reader's language).
 * Each notice is written to the outbox in the transaction of the change it tells of, so a
 * committed change always has its notice, whether identity is away or the process dies after
 * the commit; identity tells each person once under the notice's key (decisions.md "A
 * transactional outbox per service").
 */
export class LibraryNotifier {
  constructor(private readonly outbox: EventPublisher) {}

  tell(tx: SqlRunner, userId: number, notification: NotificationRequest, key: string) {
    return this.tellAll(tx, [userId], notification, key);
  }

  /** In batches of what one event carries, all under the notice's key. */
  async tellAll(
    tx: SqlRunner,
    userIds: number[],
    notification: NotificationRequest,
    key: string,
  ): Promise<void> {
    for (let start = 0; start < userIds.length; start += NOTIFY_BATCH) {
      const some = userIds.slice(start, start + NOTIFY_BATCH);
      await this.outbox.publish(
        { type: 'notification.requested', userIds: some, notification, key },
        tx,
      );
    }
  }
}

/** The key each notice is told under once: its kind, its document and the run or version. */
export const noticeKey = (
  kind: 'document-processed' | 'document-failed' | 'evaluation-generated' | 'evaluation-failed',
  documentId: number,
  run: number,
) => `library:${kind}:${documentId}:run-${run}`;

export const acknowledgementNoticeKey = (documentId: number, version: number) =>
  `library:acknowledgement-requested:${documentId}:v${version}`;
