import { describe, expect, it } from 'vitest';
import { failureReasonOf } from '@hub/proto';
import { PRIVATE_NETWORK, RefusedAddressError, refusalText } from './network-guard.js';
import {
  ATTEMPT_BROKE,
  ATTEMPTS_INTERRUPTED,
  disabledReason,
  ENDPOINT_DISABLED,
} from './webhook-delivery.js';
import { JOB_LOST } from './webhook-delivery-recovery.js';
import { noAnswerWithin } from './webhook-sender.js';
import { NOT_QUEUED } from './webhooks.service.js';

/**
 * What the webhooks write on an endpoint (why it was disabled) and a delivery (why it failed) is
 * read by the organization's administrators in their language: each sentence is one of proto's
 * FAILURE_REASONS, which the web app words from its catalogs.
 */
describe("the webhooks' stored reasons", () => {
  it.each([
    ['disabled for failing', disabledReason(24), 'webhook_failing'],
    ['endpoint disabled', ENDPOINT_DISABLED, 'webhook_endpoint_disabled'],
    ['attempt broke', ATTEMPT_BROKE, 'webhook_attempt_broke'],
    ['attempts interrupted', ATTEMPTS_INTERRUPTED, 'webhook_attempts_interrupted'],
    ['job lost', JOB_LOST, 'webhook_job_lost'],
    ['not queued', NOT_QUEUED, 'webhook_not_queued'],
    ['no answer', noAnswerWithin(10_000), 'webhook_no_answer'],
    [
      'private address',
      refusalText(new RefusedAddressError(PRIVATE_NETWORK)),
      'webhook_private_network',
    ],
    [
      'plain http',
      refusalText(new RefusedAddressError('only https:// addresses receive webhooks')),
      'webhook_https_only',
    ],
    [
      'no address',
      refusalText(new RefusedAddressError('its host name does not resolve')),
      'webhook_unresolved',
    ],
    [
      'slow resolution',
      refusalText(new RefusedAddressError('its host name did not resolve within 2.5 s')),
      'webhook_unresolved_in_time',
    ],
  ])('words "%s" from the catalog', (_, stored, code) => {
    expect(failureReasonOf(stored)?.code).toBe(code);
  });

  it('keeps the figures the sentence holds', () => {
    expect(failureReasonOf(disabledReason(24))?.params).toEqual({ hours: '24' });
    expect(failureReasonOf(noAnswerWithin(2_500))?.params).toEqual({ seconds: '2.5' });
  });
});
