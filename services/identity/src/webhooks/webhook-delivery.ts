import { Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { Webhook } from 'standardwebhooks';
import type { PoisonPolicy } from '@hub/kit';
import type { WebhookDeliveryJob } from '@hub/proto';
import type { IdentityConfig } from '../config.js';
import { type NetworkGuard, RefusedAddressError, refusalText } from './network-guard.js';
import { postWebhook, type SendOutcome } from './webhook-sender.js';
import type { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import type { EndpointRow, WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import type { WebhooksService } from './webhooks.service.js';

const HOUR_MS = 3_600_000;

/*
 * The sentences kept on an endpoint or a delivery are proto's FAILURE_REASONS, which the web app
 * words in its reader's language: a new one goes there too (webhook-reasons.test.ts).
 */

/** Why a delivery whose last attempt broke here (not at the endpoint) is failed. */
export const ATTEMPT_BROKE =
  'The last attempt could not be completed here. Replay it to send it again.';

/** Why a delivery whose job the process sending it died during, again and again, is failed. */
export const ATTEMPTS_INTERRUPTED =
  'Stopped: the process sending it was interrupted during an attempt more than once. Replay it to send it.';

/**
 * A delivery whose job stalled too often (its process killed mid-attempt, twice) is failed, so
 * it can be replayed: BullMQ ends such a job without running it again, and a delivery left
 * pending would be refused every replay. The kit reports it from the worker (the handler
 * refuses the job, or BullMQ's failure is heard), possibly twice: failing a round is idempotent.
 */
export function interruptedDelivery(
  deliveries: Pick<WebhookDeliveriesRepository, 'markFailed'>,
): PoisonPolicy<WebhookDeliveryJob> {
  return {
    reason: ATTEMPTS_INTERRUPTED,
    report: async ({ data: { deliveryId, round } }, reason) => {
      await deliveries.markFailed(deliveryId, round, reason);
    },
  };
}

/** Why a delivery found its endpoint disabled (by an administrator, or for failing) is failed. */
export const ENDPOINT_DISABLED = 'endpoint disabled';

/** Why an endpoint that failed for the configured window was disabled. */
export const disabledReason = (hours: number) => `every delivery failed for ${hours} hours`;

/** A failed attempt BullMQ retries (with the same job, hence the same message id). */
export class DeliveryFailed extends Error {
  override name = 'DeliveryFailed';
}

/**
 * `webhook-signature`: a `v1,<base64 HMAC-SHA256>` signature per valid secret, the current one
 * first, separated by spaces (Standard Webhooks), so a receiver still checking with a secret
 * replaced in the last day, however many rotations came since, keeps accepting deliveries
 * until it switches.
 */
export function signatures(
  endpoint: Pick<EndpointRow, 'secret' | 'previous_secrets'>,
  messageId: string,
  at: Date,
  body: string,
): string {
  const secrets = [
    endpoint.secret,
    ...endpoint.previous_secrets
      .filter((previous) => previous.validUntil > at)
      .map((previous) => previous.secret),
  ];
  return secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' ');
}

/**
 * Sends one delivery: signed, to the checked address, within the timeout. A failure is recorded
 * and thrown so BullMQ retries it with growing delays; an endpoint failing for longer than the
 * configured window (a day) is disabled and its administrators mailed, and what it still had
 * pending fails at once, without more attempts (replayable once it is enabled again).
 */
export class WebhookDelivery {
  private readonly logger = new Logger('WebhookDelivery');

  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly service: WebhooksService,
    private readonly guard: NetworkGuard,
    private readonly config: IdentityConfig,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async run(job: Job<WebhookDeliveryJob>): Promise<void> {
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    try {
      await this.attempt(job, lastAttempt);
    } catch (error) {
      // A pending delivery without a job left would refuse every replay: failed, to replay.
      if (lastAttempt && !(error instanceof DeliveryFailed)) {
        const { deliveryId, round } = job.data;
        await this.deliveries
          .markFailed(deliveryId, round, ATTEMPT_BROKE)
          .catch((failure: unknown) =>
            this.logger.warn(`delivery ${deliveryId}: ${String(failure)}`),
          );
      }
      throw error;
    }
  }

  private async attempt(job: Job<WebhookDeliveryJob>, lastAttempt: boolean): Promise<void> {
    const { deliveryId, organizationId, round } = job.data;
    const delivery = await this.deliveries.delivery(organizationId, deliveryId);
    // Removed with its endpoint, or replayed since (a newer round's job sends it).
    if (!delivery || delivery.round !== round || delivery.status !== 'pending') return;
    const endpoint = await this.endpoints.endpoint(organizationId, delivery.endpoint_id);
    if (!endpoint) return;
    if (!endpoint.enabled) {
      await this.deliveries.markFailed(delivery.id, round, ENDPOINT_DISABLED);
      return;
    }
    const outcome = await this.send(endpoint, delivery.message_id, delivery.payload);
    const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    if (ok) {
      await this.deliveries.recordAttempt(delivery.id, round, 'succeeded', outcome);
      await this.endpoints.succeeded(endpoint.id);
      return;
    }
    const now = this.now();
    const windowMs = this.config.WEBHOOK_DISABLE_AFTER_HOURS * HOUR_MS;
    // Quiet for a whole window: this failure starts a new episode, never disables at once.
    const quietBefore = new Date(now.getTime() - windowMs);
    const failingSince = await this.endpoints.failed(endpoint.id, now, quietBefore);
    const failingFor = now.getTime() - failingSince.getTime();
    if (failingFor >= windowMs) {
      await this.deliveries.recordAttempt(delivery.id, round, 'failed', outcome);
      const reason = disabledReason(this.config.WEBHOOK_DISABLE_AFTER_HOURS);
      if (await this.endpoints.disable(endpoint.id, reason, ENDPOINT_DISABLED)) {
        this.logger.warn(`webhook endpoint ${endpoint.id} disabled: ${reason}`);
        await this.service.mailDisabled(endpoint, this.config.WEBHOOK_DISABLE_AFTER_HOURS);
      }
      return;
    }
    await this.deliveries.recordAttempt(
      delivery.id,
      round,
      lastAttempt ? 'failed' : 'pending',
      outcome,
    );
    if (!lastAttempt) {
      throw new DeliveryFailed(outcome.error ?? `endpoint answered ${outcome.status}`);
    }
  }

  private async send(endpoint: EndpointRow, messageId: string, body: string): Promise<SendOutcome> {
    const url = new URL(endpoint.url);
    const timeoutMs = this.config.WEBHOOK_TIMEOUT_MS;
    // One deadline for the name's resolution and the request: a slow DNS server is a slow endpoint.
    const started = performance.now();
    let target;
    try {
      // Again at every attempt: what the name resolves to now is what is connected to.
      target = await this.guard.target(url, timeoutMs);
    } catch (error) {
      if (!(error instanceof RefusedAddressError)) throw error;
      this.logger.warn(`webhook endpoint ${endpoint.id} refused: ${error.detail}`);
      return { status: null, ms: null, error: refusalText(error) };
    }
    const at = this.now();
    const headers = {
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signatures(endpoint, messageId, at, body),
    };
    const left = Math.max(1, Math.round(timeoutMs - (performance.now() - started)));
    return postWebhook(url, target, headers, body, left, timeoutMs);
  }
}
