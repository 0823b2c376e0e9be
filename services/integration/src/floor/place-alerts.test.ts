import { describe, expect, it } from 'vitest';
import { placeAlerts } from './place-alerts.js';

describe('area and station alerts', () => {
  it('name areas as the tables do, camel case split into words', () => {
    expect(
      placeAlerts([
        { name: 'LoadingDock', status: 'Offline', offline_stations: ['Dock 2'] },
        { name: 'QCLab', status: 'Operational', offline_stations: ['Bench 1'] },
        { name: 'Packaging', status: 'Maintenance', offline_stations: [] },
      ]),
    ).toEqual([
      {
        kind: 'area_offline',
        message: 'Loading Dock is offline',
        params: { area: 'Loading Dock' },
      },
      {
        kind: 'station_offline',
        message: 'Station Dock 2 in Loading Dock is offline',
        params: { station: 'Dock 2', area: 'Loading Dock' },
      },
      {
        kind: 'station_offline',
        message: 'Station Bench 1 in QC Lab is offline',
        params: { station: 'Bench 1', area: 'QC Lab' },
      },
    ]);
  });
});
