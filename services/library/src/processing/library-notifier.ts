import { Logger } from '@nestjs/common';
import { identityRpc, type Notification } from '@hub/proto';
import type { RpcClient } from '@hub/kit';

/** Tells users what happened to their documents; a notification that cannot be delivered is logged, not fatal. */
export class LibraryNotifier {
  private readonly logger = new Logger('LibraryNotifier');

  constructor(private readonly rpc: RpcClient) {}

  async tell(
    userId: number,
    notification: Pick<Notification, 'type' | 'title' | 'message'>,
  ): Promise<void> {
    await this.rpc
      .call(identityRpc.notify, { userIds: [userId], notification })
      .catch((error: unknown) =>
        this.logger.warn(`notification to user ${userId} not delivered: ${String(error)}`),
      );
  }
}
