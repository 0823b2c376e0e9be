import { HttpException } from '@nestjs/common';
import type { Queue } from 'bullmq';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type OrganizationBacklog, readOrganizationBacklog } from '@hub/kit';
import { type MountContract, mounts } from '@hub/proto';
import { authorize } from '../auth/route.guard.js';
import type { SessionCache } from '../auth/session-cache.js';
import { bodyOfHttpException, withCode } from '../http/error.filter.js';
import type { GuardedRequest } from '../http/request-context.js';
import { refuseForeignOrigin } from '../http/request-origin.js';

/**
 * Mounts bull-board at proto's `queueDashboard` prefix over every queue of the product. Every
 * request below the prefix (its page, its assets, its JSON API) goes first through the route
 * table's own checks: session cookie, role, and no state-changing request from another site.
 * Failed jobs (those past their last attempt: the dead letters) are kept by the queues'
 * `removeOnFail` and shown under Failed, where they can be retried.
 *
 * bull-board (with lodash, valibot and its views) is loaded on the dashboard's first request,
 * in an app of its own that the gateway hands the request to: few ever open it, and every
 * gateway would otherwise hold it in memory.
 */
export async function registerQueueDashboard(
  fastify: FastifyInstance,
  queues: readonly Queue[],
  sessions: SessionCache,
): Promise<void> {
  const mount: MountContract = mounts.queueDashboard;
  let dashboard: Promise<FastifyInstance> | undefined;
  await fastify.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      try {
        refuseForeignOrigin(request, {});
        await authorize(sessions, request as GuardedRequest, mount.access);
      } catch (error) {
        if (!(error instanceof HttpException)) throw error;
        // Answered here, outside the error filter: coded as every other refusal.
        return reply.status(error.getStatus()).send(withCode(bodyOfHttpException(error)));
      }
    });
    const relay = async (request: FastifyRequest, reply: FastifyReply) => {
      dashboard ??= openDashboard(mount.prefix, queues);
      return relayTo(await dashboard, request, reply);
    };
    scope.all(mount.prefix, relay);
    scope.all(`${mount.prefix}/*`, relay);
  });
}

/** bull-board over every queue, in a Fastify app of its own. */
async function openDashboard(prefix: string, queues: readonly Queue[]): Promise<FastifyInstance> {
  const [{ createBullBoard }, { BullMQAdapter }, { FastifyAdapter }] = await Promise.all([
    import('@bull-board/api'),
    import('@bull-board/api/bullMQAdapter'),
    import('@bull-board/fastify'),
  ]);
  /** Each organization's backlog as the queue's description, read with the queue's counts. */
  class FairQueueAdapter extends BullMQAdapter {
    private backlog = '';

    constructor(private readonly observed: Queue) {
      super(observed, { allowRetries: true });
      // A job of an organization's is listed with it, as the turns go by organization.
      this.setFormatter('name', (job: { name?: string; data?: { organizationId?: unknown } }) => {
        const organizationId = job.data?.organizationId;
        const name = job.name ?? '';
        return typeof organizationId === 'number' ? `${name} (org ${organizationId})` : name;
      });
    }

    override async getJobCounts() {
      const [counts, backlog] = await Promise.all([
        super.getJobCounts(),
        readOrganizationBacklog(this.observed).catch(() => new Map<number, OrganizationBacklog>()),
      ]);
      this.backlog = describeBacklog(backlog);
      return counts;
    }

    override getDescription(): string {
      return this.backlog;
    }
  }
  const board = new FastifyAdapter();
  board.setBasePath(prefix);
  createBullBoard({
    queues: queues.map((queue) => new FairQueueAdapter(queue)),
    serverAdapter: board,
    options: { uiConfig: { boardTitle: 'Frontline Hub queues' } },
  });
  const app = Fastify({ logger: false });
  await app.register(board.registerPlugin(), { prefix });
  await app.ready();
  return app;
}

/** "Organizations take turns. Backlog by organization: 12: 18 waiting, 2 active; ..." */
export function describeBacklog(backlog: Map<number, OrganizationBacklog>): string {
  if (backlog.size === 0) return '';
  const parts = [...backlog]
    .sort(([one], [other]) => one - other)
    .map(([organizationId, { waiting, active, delayed }]) => {
      const counts = [`${waiting} waiting`, `${active} active`];
      if (delayed) counts.push(`${delayed} awaiting retry`);
      return `${organizationId}: ${counts.join(', ')}`;
    });
  return `Organizations take turns. Backlog by organization: ${parts.join('; ')}`;
}

/** Answers an (already authorized) request with the dashboard app's answer to it. */
async function relayTo(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  // The body goes on as parsed; inject measures it again.
  const { 'content-length': _sent, ...requestHeaders } = request.headers;
  const answer = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: requestHeaders,
    ...(request.body === undefined ? {} : { payload: request.body as string | object }),
  });
  const { 'content-length': _length, 'transfer-encoding': _encoding, ...headers } = answer.headers;
  return reply.status(answer.statusCode).headers(headers).send(answer.rawPayload);
}
