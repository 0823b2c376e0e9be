import { describe, expect, it } from 'vitest';
import type { Actor, WebhookEvent } from '@hub/proto';
import { recordedDeliveries, webhooksServiceOver } from '../test-support/webhooks.js';
import type { NewDelivery } from './webhook-deliveries.repository.js';

const admin: Actor = { userId: 1, organizationId: 3, role: 'admin' };

/** A service whose organization has `endpoints` subscribed, recording the deliveries made. */
function serviceWith(endpoints: { id: number; enabled: boolean }[]) {
  const { added, addDeliveries } = recordedDeliveries();
  const service = webhooksServiceOver({
    subscribed: async () => endpoints,
    endpoint: async () => ({ id: 7, organization_id: 3, enabled: true }),
    addDeliveries,
  });
  return { service, added };
}

const issued: WebhookEvent = {
  id: 'certification.issued:412-1',
  type: 'certification.issued',
  occurredAt: '2026-12-02T09:14:03.120Z',
  data: { certificationId: 412 },
};

const bodies = (added: NewDelivery[]) =>
  added.map((delivery) => JSON.parse(delivery.payload) as Record<string, unknown>);

/**
 * Each delivery has its own `webhook-id`: a receiver with two endpoints could not tell that
 * two requests were one event.
 */
describe("a payload's event id", () => {
  it('is the same in every endpoint’s delivery of one event, and differs between events', async () => {
    const { service, added } = serviceWith([
      { id: 7, enabled: true },
      { id: 8, enabled: true },
      { id: 9, enabled: false },
    ]);
    await service.fanOut(3, issued);
    const [first, ...others] = bodies(added);
    expect(first!.eventId).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(others.map((body) => body.eventId)).toEqual([first!.eventId, first!.eventId]);
    // The message ids stay per delivery (Standard Webhooks' webhook-id).
    expect(new Set(added.map((delivery) => delivery.messageId)).size).toBe(3);

    await service.fanOut(3, { ...issued, id: 'certification.issued:412-2' });
    expect(bodies(added)[3]!.eventId).not.toBe(first!.eventId);
  });

  it('is the same when the event is announced again (an endpoint added in between)', async () => {
    const before = serviceWith([{ id: 7, enabled: true }]);
    await before.service.fanOut(3, issued);
    const after = serviceWith([{ id: 8, enabled: true }]);
    await after.service.fanOut(3, issued);
    expect(bodies(after.added)[0]!.eventId).toBe(bodies(before.added)[0]!.eventId);
  });

  it("is another organization's own: the same fact's id names another event there", async () => {
    const { service, added } = serviceWith([{ id: 7, enabled: true }]);
    await service.fanOut(3, issued);
    await service.fanOut(4, issued);
    const [ours, theirs] = bodies(added);
    expect(ours!.eventId).not.toBe(theirs!.eventId);
  });

  it('keeps the body Standard Webhooks describes: type, timestamp, data, and the event id', async () => {
    const { service, added } = serviceWith([{ id: 7, enabled: true }]);
    await service.fanOut(3, issued);
    expect(bodies(added)[0]).toEqual({
      type: 'certification.issued',
      timestamp: '2026-12-02T09:14:03.120Z',
      eventId: expect.stringMatching(/^evt_/),
      data: { certificationId: 412 },
    });
  });

  it('is carried by a test event too', async () => {
    const { service, added } = serviceWith([]);
    await service.test(admin, 7);
    expect(bodies(added)[0]!.eventId).toMatch(/^evt_[0-9a-f]{32}$/);
  });
});
