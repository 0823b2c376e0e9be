import { describe, expect, it } from 'vitest';
import type { SensorReadingRequest } from '@hub/proto';
import type { SensorReadingRow, SensorsRepository } from './sensors.repository.js';
import { SensorsService } from './sensors.service.js';

/** The service over an organization (7) whose token is 'good' and whose one area is 'Dock'. */
function service() {
  const stored: SensorReadingRow[] = [];
  const repository = {
    organizationOfToken: async () => 7,
    areaIdByName: async (_organizationId: number, name: string) =>
      name.toLowerCase() === 'dock' ? 3 : undefined,
    insertReading: async (row: SensorReadingRow) => void stored.push(row),
  } as unknown as SensorsRepository;
  return { sensors: new SensorsService(repository), stored };
}

describe("a sensor's reading", () => {
  it('is stored with its area and date', async () => {
    const { sensors, stored } = service();
    await sensors.record('good', {
      area: 'dock',
      temperature: 70,
      recordedAt: '2026-12-01T10:00:00Z',
    });
    expect(stored).toEqual([
      expect.objectContaining({ organizationId: 7, areaId: 3, temperature: 70, humidity: null }),
    ]);
  });

  it('measuring nothing is refused, not stored as an empty row', async () => {
    const { sensors, stored } = service();
    const empty: SensorReadingRequest[] = [
      {},
      { area: 'Dock' },
      { recordedAt: '2026-12-01T10:00:00Z' },
    ];
    for (const reading of empty)
      await expect(sensors.record('good', reading)).rejects.toThrow('measures nothing');
    expect(stored).toEqual([]);
  });

  it('dated more than a few minutes ahead is refused', async () => {
    const { sensors, stored } = service();
    const ahead = new Date(Date.now() + 10 * 60_000).toISOString();
    await expect(sensors.record('good', { humidity: 40, recordedAt: ahead })).rejects.toThrow(
      'in the future',
    );
    expect(stored).toEqual([]);
  });
});
