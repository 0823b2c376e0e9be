import { describe, expect, it } from 'vitest';
import { missingCertifications } from './floor-alerts.js';

describe('missingCertifications', () => {
  const sightings = [
    { person_id: 1, camera_name: 'Line A', sop_ids: [10, 11] },
    { person_id: 2, camera_name: 'Line A', sop_ids: [10, 11] },
    { person_id: 1, camera_name: 'Line B', sop_ids: [12] },
  ];

  it("lists, per sighting, the camera's SOPs the person holds nothing in force for", () => {
    expect(
      missingCertifications(sightings, [
        { userId: 1, documentId: 10 },
        { userId: 2, documentId: 10 },
        { userId: 2, documentId: 11 },
        // Held for another camera's SOP: no help on this one.
        { userId: 2, documentId: 12 },
      ]),
    ).toEqual([
      { personId: 1, cameraName: 'Line A', sopIds: [11] },
      { personId: 1, cameraName: 'Line B', sopIds: [12] },
    ]);
  });

  it('has nothing to say when everyone holds everything', () => {
    const held = sightings.flatMap((sighting) =>
      sighting.sop_ids.map((documentId) => ({ userId: sighting.person_id, documentId })),
    );
    expect(missingCertifications(sightings, held)).toEqual([]);
  });
});
