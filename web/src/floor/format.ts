import type { FloorAlert, FloorStats, FloorStatus } from '@hub/proto';
import { formatNumber, formatPercent } from '../i18n/format';
import { i18n } from '../i18n/i18n';
import { keyedText } from '../i18n/keyed';
import type { BadgeTone } from '../ui/Badge';

/** The page asks for fresh figures this often (spec: real-time floor status). */
export const FLOOR_POLL_MS = 10_000;

/** One formatter for area names, shared with the alert texts the server writes. */
export { areaLabel } from '@hub/proto';

export const STATUS_TONE: Record<FloorStatus, BadgeTone> = {
  Operational: 'green',
  Maintenance: 'amber',
  Offline: 'red',
};

/** Share of stations operational, whole percent; 0 without stations. */
export function operationalPercent(stats: Pick<FloorStats, 'activeStations' | 'totalStations'>) {
  return stats.totalStations === 0
    ? 0
    : Math.round((stats.activeStations / stats.totalStations) * 100);
}

type Environment = FloorStats['environmentalStatus'];

/**
 * The four environmental readings as the page shows them, in the reader's number format
 * ('71,3°F', '48 %'), 'Unknown' where none is recent.
 */
export function environmentText(environment: Environment) {
  const unknown = i18n.t('floor.environment.unknown');
  return {
    temperature:
      environment.temperature === null ? unknown : `${formatNumber(environment.temperature)}°F`,
    humidity: environment.humidity === null ? unknown : formatPercent(environment.humidity),
    airQuality:
      environment.airQuality === 'Unknown'
        ? unknown
        : i18n.t(`floor.environment.qualities.${environment.airQuality}`),
    noiseLevel:
      environment.noiseLevel === 'Unknown' ? unknown : `${formatNumber(environment.noiseLevel)} dB`,
  };
}

/** Air quality colour: good green, moderate yellow, poor red, otherwise grey. */
export function airQualityTone(quality: Environment['airQuality']): BadgeTone {
  if (quality === 'good') return 'green';
  if (quality === 'moderate') return 'amber';
  if (quality === 'poor') return 'red';
  return 'neutral';
}

/** An alert in its reader's language, from its kind and data parts (the server's `message` is English). */
export function alertText(alert: FloorAlert): string {
  return keyedText(`floor.alerts.${alert.kind}`, alert.params);
}
