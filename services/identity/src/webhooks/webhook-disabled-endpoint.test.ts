import { describe, expect, it } from 'vitest';
import { RpcFailure } from '@hub/kit';
import { type Actor, errorCodeOf } from '@hub/proto';
import { recordedDeliveries, webhooksServiceOver } from '../test-support/webhooks.js';

const admin: Actor = { userId: 1, organizationId: 3, role: 'admin' };

/** A service over one endpoint (disabled or not), recording what it would send. */
function serviceOf(enabled: boolean) {
  const { added, addDeliveries } = recordedDeliveries((rows) =>
    rows.map((_, index) => ({ id: index + 1, organization_id: 3, round: 0 })),
  );
  const replayed: number[] = [];
  const service = webhooksServiceOver({
    endpoint: async () => ({ id: 7, organization_id: 3, enabled }),
    addDeliveries,
    replay: async (_organizationId: number, _endpointId: number, id: number) => {
      replayed.push(id);
      return { id, organization_id: 3, round: 1 };
    },
  });
  // The queue (Redis) is the integration tests': here a delivery taken for sending is enough.
  (service as unknown as { enqueue: () => Promise<void> }).enqueue = async () => {};
  return { service, added, replayed };
}

/** The refusal an action met: its kind and its error code. */
async function refusalOf(action: Promise<unknown>) {
  const error: unknown = await action.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof RpcFailure)) return null;
  return { kind: error.kind, code: errorCodeOf(error.message) };
}

/**
 * A disabled endpoint fails every delivery at once ("endpoint disabled"): a test event or a
 * replay was answered "sent", then showed failed in the log.
 */
describe('sending to a disabled endpoint', () => {
  it('refuses the test event (409 webhook_endpoint_disabled) and records no delivery', async () => {
    const { service, added } = serviceOf(false);
    expect(await refusalOf(service.test(admin, 7))).toEqual({
      kind: 'conflict',
      code: 'webhook_endpoint_disabled',
    });
    expect(added).toEqual([]);
  });

  it('refuses a replay (409 webhook_endpoint_disabled) and leaves the delivery as it was', async () => {
    const { service, replayed } = serviceOf(false);
    expect(await refusalOf(service.replay(admin, 7, 31))).toEqual({
      kind: 'conflict',
      code: 'webhook_endpoint_disabled',
    });
    expect(replayed).toEqual([]);
  });

  it('sends both once the endpoint is enabled', async () => {
    const { service, added, replayed } = serviceOf(true);
    await service.test(admin, 7);
    await service.replay(admin, 7, 31);
    expect(added).toHaveLength(1);
    expect(replayed).toEqual([31]);
  });
});
