import { HttpException } from '@nestjs/common';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter as BullBoardFastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { type MountContract, mounts } from '@hub/proto';
import { authorize } from '../auth/route.guard.js';
import type { SessionCache } from '../auth/session-cache.js';
import { bodyOfHttpException } from '../http/error.filter.js';
import type { GuardedRequest } from '../http/request-context.js';
import { refuseForeignOrigin } from '../http/request-origin.js';

/**
 * Mounts bull-board at proto's `queueDashboard` prefix over every queue of the product. Every
 * request below the prefix (its page, its assets, its JSON API) goes first through the route
 * table's own checks: session cookie, role, and no state-changing request from another site.
 * Failed jobs (those past their last attempt: the dead letters) are kept by the queues'
 * `removeOnFail` and shown under Failed, where they can be retried.
 */
export async function registerQueueDashboard(
  fastify: FastifyInstance,
  queues: readonly Queue[],
  sessions: SessionCache,
): Promise<void> {
  const mount: MountContract = mounts.queueDashboard;
  const board = new BullBoardFastifyAdapter();
  board.setBasePath(mount.prefix);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { allowRetries: true })),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'Frontline Hub queues' } },
  });
  await fastify.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      try {
        refuseForeignOrigin(request, {});
        await authorize(sessions, request as GuardedRequest, mount.access);
      } catch (error) {
        if (!(error instanceof HttpException)) throw error;
        return reply.status(error.getStatus()).send(bodyOfHttpException(error));
      }
    });
    await scope.register(board.registerPlugin(), { prefix: mount.prefix });
  });
}
