import { z } from 'zod';
import { BodyRowId } from './row-id.js';

/**
 * An area's name as people read it: 'AssemblyLine' -> 'Assembly Line', 'QCLab' -> 'QC Lab' (the
 * spec shows area names with camel case split). The one formatter for area names, in tables
 * and in alert texts alike.
 */
export function areaLabel(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');
}

export const FLOOR_STATUSES = ['Operational', 'Maintenance', 'Offline'] as const;
export const FloorStatus = z.enum(FLOOR_STATUSES);
export type FloorStatus = z.infer<typeof FloorStatus>;

export const Station = z.object({
  id: z.number().int(),
  areaId: z.number().int(),
  name: z.string(),
  status: FloorStatus,
});
export type Station = z.infer<typeof Station>;

export const FloorCamera = z.object({
  assignmentId: z.number().int(),
  cameraName: z.string(),
  areaId: z.number().int().nullable(),
  snapshotEnabled: z.boolean(),
  snapshotIntervalSeconds: z.number().int(),
});
export type FloorCamera = z.infer<typeof FloorCamera>;

export const Area = z.object({
  id: z.number().int(),
  name: z.string(),
  status: FloorStatus,
  stations: z.array(Station),
});
export type Area = z.infer<typeof Area>;

export const FloorLayout = z.object({
  areas: z.array(Area),
  cameras: z.array(FloorCamera),
  /** Whether camera snapshots are kept after identification (off: deleted at once). */
  keepSnapshots: z.boolean(),
  /** Presence events older than this many days are deleted. */
  presenceRetentionDays: z.number().int(),
  /** Whether a face a supervisor confirmed may become a reference of the person. */
  learnFromConfirmed: z.boolean(),
});
export type FloorLayout = z.infer<typeof FloorLayout>;

const name = (what: string) =>
  z
    .string({ error: `${what} name is required` })
    .trim()
    .min(1, `${what} name is required`)
    .max(100);

export const SaveAreaRequest = z.object({
  name: name('Area'),
  status: FloorStatus.default('Operational'),
});
export type SaveAreaRequest = z.infer<typeof SaveAreaRequest>;
export const SaveStationRequest = z.object({
  name: name('Station'),
  status: FloorStatus.default('Operational'),
});
export type SaveStationRequest = z.infer<typeof SaveStationRequest>;

/**
 * The area (null: none); the snapshot schedule left out stays as it is, so setting the area never
 * turns off snapshots the super administrator turned on.
 */
export const UpdateFloorCameraRequest = z.object({
  areaId: BodyRowId.nullable(),
  snapshotEnabled: z.boolean().optional(),
  snapshotIntervalSeconds: z.number().int().min(10).max(3600).optional(),
});
export type UpdateFloorCameraRequest = z.infer<typeof UpdateFloorCameraRequest>;

export const MAX_PRESENCE_RETENTION_DAYS = 365;

export const FloorPrivacy = z.object({
  keepSnapshots: z.boolean(),
  presenceRetentionDays: z.number().int(),
  /** A face a supervisor confirmed in a video may become one more reference of that person. */
  learnFromConfirmed: z.boolean(),
});
export type FloorPrivacy = z.infer<typeof FloorPrivacy>;

/** The retention may be left out: it then stays as it is. */
export const FloorPrivacyRequest = z.object({
  keepSnapshots: z.boolean(),
  presenceRetentionDays: z
    .number({ error: 'Retention must be a whole number of days' })
    .int('Retention must be a whole number of days')
    .min(1, 'Keep presence events at least 1 day')
    .max(
      MAX_PRESENCE_RETENTION_DAYS,
      `Keep presence events at most ${MAX_PRESENCE_RETENTION_DAYS} days`,
    )
    .optional(),
  /** Left out: stays as it is. */
  learnFromConfirmed: z.boolean().optional(),
});
export type FloorPrivacyRequest = z.infer<typeof FloorPrivacyRequest>;

export const AIR_QUALITIES = ['good', 'moderate', 'poor'] as const;

/** One reading of a sensor; any field may be missing (not every sensor measures everything). */
export const SensorReadingRequest = z.object({
  area: z.string().trim().max(100).optional(),
  temperature: z.number().min(-100).max(300).optional(),
  humidity: z.number().min(0).max(100).optional(),
  airQuality: z.enum(AIR_QUALITIES).optional(),
  noiseLevel: z.number().min(0).max(200).optional(),
  recordedAt: z.iso.datetime({ offset: true }).max(40).optional(),
});
export type SensorReadingRequest = z.infer<typeof SensorReadingRequest>;

export const SensorToken = z.object({ token: z.string(), createdAt: z.string() });
export type SensorToken = z.infer<typeof SensorToken>;

export const FLOOR_ALERT_KINDS = [
  'area_offline',
  'station_offline',
  'camera_unreachable',
  'uncertified_presence',
] as const;

/**
 * One alert of the floor: `message` in English for API clients, and its data parts (`params`),
 * by which the page words it in its reader's language.
 */
export const FloorAlert = z.object({
  kind: z.enum(FLOOR_ALERT_KINDS),
  message: z.string(),
  params: z.record(z.string(), z.string()),
});
export type FloorAlert = z.infer<typeof FloorAlert>;

export const FloorStats = z.object({
  activeStations: z.number().int(),
  totalStations: z.number().int(),
  workersPresent: z.number().int(),
  utilizationRate: z.number(),
  alertsCount: z.number().int(),
  alerts: z.array(FloorAlert),
  areaBreakdown: z.record(z.string(), z.object({ workers: z.number().int(), status: FloorStatus })),
  environmentalStatus: z.object({
    /** Degrees Fahrenheit; null when no recent reading. */
    temperature: z.number().nullable(),
    humidity: z.number().nullable(),
    airQuality: z.enum([...AIR_QUALITIES, 'Unknown']),
    /** Decibels, or 'Unknown' when no recent reading. */
    noiseLevel: z.union([z.number(), z.literal('Unknown')]),
  }),
  /** How recent "present" and the readings are, for the page to say. */
  presenceWindowMinutes: z.number().int(),
  generatedAt: z.string(),
});
export type FloorStats = z.infer<typeof FloorStats>;
