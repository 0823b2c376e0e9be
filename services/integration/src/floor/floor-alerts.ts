import { Inject, Injectable } from '@nestjs/common';
import { certificationRpc, type FloorAlert, identityRpc, libraryRpc } from '@hub/proto';
import { RpcCallError, type RpcClient } from '@hub/kit';
import { FLOOR_SETTINGS, type FloorSettings, RPC } from '../config.js';
import { FloorFigures, type Sighting } from '../reporting/floor-figures.js';

/** A poll waits this long for identity's names before naming people by id (not its 10 s). */
export const IDENTITY_DEADLINE_MS = 3_000;

interface Gap {
  personId: number;
  cameraName: string;
  sopIds: number[];
}

/**
 * The floor's alerts that look beyond areas and stations: cameras that cannot be reached, and
 * people the cameras saw without a certification in force for the SOPs tied to that camera.
 */
@Injectable()
export class FloorAlertsService {
  constructor(
    @Inject(FloorFigures) private readonly figures: FloorFigures,
    @Inject(FLOOR_SETTINGS) private readonly settings: FloorSettings,
    @Inject(RPC) private readonly rpc: RpcClient,
  ) {}

  /** `suspended`: people seen whom no alert names (they are present nowhere). */
  async alerts(organizationId: number, suspended: number[]): Promise<FloorAlert[]> {
    const [cameras, people] = await Promise.all([
      this.unreachableCameras(organizationId),
      this.uncertifiedPresence(organizationId, suspended),
    ]);
    return [...cameras, ...people];
  }

  /**
   * A camera is unreachable when its last finished snapshot run could not get a picture, or
   * when its camera system's connection test failed since.
   */
  private async unreachableCameras(organizationId: number): Promise<FloorAlert[]> {
    const cameras = await this.figures.unreachableCameras(organizationId);
    return cameras.map(({ camera, message }) => ({
      kind: 'camera_unreachable',
      message,
      params: { camera, detail: message },
    }));
  }

  /**
   * Everyone seen within the presence window by a camera with SOPs tied to it, checked against
   * the observation service's certifications in one call; names and titles in one call each.
   */
  private async uncertifiedPresence(
    organizationId: number,
    suspended: number[],
  ): Promise<FloorAlert[]> {
    const sightings = await this.figures.sightingsWithSops(
      organizationId,
      this.settings.presenceMinutes,
      suspended,
    );
    if (sightings.length === 0) return [];
    const held = await this.rpc.call(certificationRpc.inForce, {
      organizationId,
      userIds: [...new Set(sightings.map((sighting) => sighting.person_id))],
      documentIds: [...new Set(sightings.flatMap((sighting) => sighting.sop_ids))],
    });
    const gaps = missingCertifications(sightings, held);
    if (gaps.length === 0) return [];
    const [members, sops] = await Promise.all([
      this.names(organizationId, [...new Set(gaps.map((gap) => gap.personId))]),
      this.rpc.call(libraryRpc.sopsForAnalysis, {
        organizationId,
        documentIds: [...new Set(gaps.flatMap((gap) => gap.sopIds))],
      }),
    ]);
    const names = new Map(members.map((member) => [member.id, member.name]));
    const titles = new Map(sops.map((sop) => [sop.sopId, sop.sopTitle]));
    return gaps.flatMap((gap) => {
      // An SOP the library no longer has asks for no certification.
      const missing = gap.sopIds.flatMap((id) => titles.get(id) ?? []);
      if (missing.length === 0) return [];
      const name = names.get(gap.personId) ?? `Person ${gap.personId}`;
      return [
        {
          kind: 'uncertified_presence' as const,
          message: `${name} on ${gap.cameraName} has no valid certification for ${missing.join(', ')}`,
          params: { name, camera: gap.cameraName, sops: missing.join(', ') },
        },
      ];
    });
  }

  /**
   * These people's names, for the alerts' texts: asked by id, a thousand a call (everyone of
   * the organization took seconds at 100,000 people); none while identity cannot be reached
   * (each alert then names "Person <id>"), so the floor figures still answer.
   */
  private async names(
    organizationId: number,
    userIds: number[],
  ): Promise<{ id: number; name: string }[]> {
    const batches = Array.from({ length: Math.ceil(userIds.length / 1000) }, (_, index) =>
      userIds.slice(index * 1000, (index + 1) * 1000),
    );
    try {
      const answers = await Promise.all(
        batches.map((batch) =>
          this.rpc.call(
            identityRpc.membersByIds,
            { organizationId, userIds: batch },
            IDENTITY_DEADLINE_MS,
          ),
        ),
      );
      return answers.flat();
    } catch (error) {
      if (error instanceof RpcCallError && error.failure.kind === 'unavailable') return [];
      throw error;
    }
  }
}

/** Per sighting, the camera's SOPs the person holds no certification in force for. */
export function missingCertifications(
  sightings: Sighting[],
  held: { userId: number; documentId: number }[],
): Gap[] {
  const holds = new Set(held.map((pair) => `${pair.userId}:${pair.documentId}`));
  return sightings.flatMap((sighting) => {
    const sopIds = sighting.sop_ids.filter((id) => !holds.has(`${sighting.person_id}:${id}`));
    return sopIds.length === 0
      ? []
      : [{ personId: sighting.person_id, cameraName: sighting.camera_name, sopIds }];
  });
}
