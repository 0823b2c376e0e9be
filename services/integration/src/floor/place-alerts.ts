import { areaLabel, type FloorAlert, type FloorStatus } from '@hub/proto';

export interface PlaceFigures {
  name: string;
  status: FloorStatus;
  offline_stations: string[];
}

/**
 * Alerts for offline areas and stations, area names written as the tables show them
 * ('Loading Dock', not 'LoadingDock').
 */
export function placeAlerts(areas: readonly PlaceFigures[]): FloorAlert[] {
  return areas.flatMap((area) => {
    const name = areaLabel(area.name);
    return [
      ...(area.status === 'Offline'
        ? [{ kind: 'area_offline' as const, message: `${name} is offline`, params: { area: name } }]
        : []),
      ...area.offline_stations.map((station) => ({
        kind: 'station_offline' as const,
        message: `Station ${station} in ${name} is offline`,
        params: { station, area: name },
      })),
    ];
  });
}
