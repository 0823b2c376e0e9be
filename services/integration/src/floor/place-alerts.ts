import { areaLabel, type FloorStatus } from '@hub/proto';

export interface PlaceFigures {
  name: string;
  status: FloorStatus;
  offline_stations: string[];
}

/**
 * Alerts for offline areas and stations, area names written as the tables show them
 * ('Loading Dock', not 'LoadingDock').
 */
export function placeAlerts(areas: readonly PlaceFigures[]): { kind: string; message: string }[] {
  return areas.flatMap((area) => [
    ...(area.status === 'Offline'
      ? [{ kind: 'area_offline', message: `${areaLabel(area.name)} is offline` }]
      : []),
    ...area.offline_stations.map((station) => ({
      kind: 'station_offline',
      message: `Station ${station} in ${areaLabel(area.name)} is offline`,
    })),
  ]);
}
