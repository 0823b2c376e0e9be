import { Logger } from '@nestjs/common';
import { identityRpc, type NotificationRequest } from '@hub/proto';
import type { RpcClient } from '@hub/kit';

const NOTIFY_BATCH = 1000;

/**
 * Tells users what happened to their documents (identity writes it in each reader's language);
 * a notification that cannot be delivered is logged, not fatal.
 */
export class LibraryNotifier {
  private readonly logger = new Logger('LibraryNotifier');

  constructor(private readonly rpc: RpcClient) {}

  async tell(userId: number, notification: NotificationRequest): Promise<void> {
    await this.tellAll([userId], notification);
  }

  /** In batches of what one notify call takes. */
  async tellAll(userIds: number[], notification: NotificationRequest): Promise<void> {
    for (let start = 0; start < userIds.length; start += NOTIFY_BATCH) {
      await this.send(userIds.slice(start, start + NOTIFY_BATCH), notification);
    }
  }

  private async send(userIds: number[], notification: NotificationRequest): Promise<void> {
    await this.rpc
      .call(identityRpc.notify, { userIds, notification })
      .catch((error: unknown) =>
        this.logger.warn(
          `notification to users ${userIds.join(', ')} not delivered: ${String(error)}`,
        ),
      );
  }
}
