import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnalysisReport, FaceEnrolment } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { createEnrolmentHandler } from '../enrolment-job.ts';
import { analysisBench, jobOf, listInbox } from '../test-support/analysis-bench.ts';
import {
  facePhoto,
  facesDir,
  makeSceneVideo,
  PEOPLE,
  type Person,
  type SceneStill,
} from '../test-support/media.ts';

const { binaries, folder, storage, faces, analyse } = analysisBench('fixture-identification');
const USER_IDS: Record<Person, number> = { amy: 1, bernadette: 2, howard: 3, leonard: 4 };

/**
 * Photos 2..5 of every fixture person, interleaved so no two shots of one person follow each
 * other, at sizes and places that change, and the group photos where enrolled people sit among
 * strangers (bbt1: Raj, Leonard, Howard, Sheldon; bbt2: Leonard, Sheldon and people behind them).
 */
function shots(): (SceneStill & { people: Person[] })[] {
  const sides = [160, 240, 180];
  const places = [
    [560, 280],
    [900, 120],
    [120, 400],
    [400, 60],
  ] as const;
  const list: (SceneStill & { people: Person[] })[] = [];
  let index = 0;
  for (const photo of [2, 3, 4, 5]) {
    for (const person of PEOPLE) {
      const [x, y] = places[index % places.length]!;
      list.push({ file: facePhoto(person, photo), side: sides[index % 3], x, y, people: [person] });
      index += 1;
    }
    if (photo === 2) list.push({ file: join(facesDir, 'bbt2.jpg'), people: ['leonard'] });
    if (photo === 4) list.push({ file: join(facesDir, 'bbt1.jpg'), people: ['leonard', 'howard'] });
  }
  return list;
}

/** Who the report names in the 2-second shot `index`. */
const namedIn = (report: AnalysisReport, index: number) =>
  report.identifiedOperators
    .filter((operator) =>
      operator.appearances.some(
        (range) => range.start < (index + 1) * 2 - 1e-3 && range.end > index * 2 + 1e-3,
      ),
    )
    .map((operator) => operator.name);

describe('identification of the fixture people in a 720p video, with the default settings', () => {
  it('names each enrolled person in their shots and nobody else', async () => {
    const enrolInbox = listInbox();
    const enrol = createEnrolmentHandler({ storage, inbox: enrolInbox, faces: faces(), binaries });
    const enrolments: FaceEnrolment[] = [];
    for (const person of PEOPLE) {
      const pictureKey = `org/1/users/${USER_IDS[person]}/picture.png`;
      await storage.put(pictureKey, readFileSync(facePhoto(person, 1)), 'image/png');
      const userId = USER_IDS[person];
      await enrol(jobOf({ userId, organizationId: 1, pictureKey, changedBy: 1 }));
      const message = enrolInbox.messages.at(-1);
      if (message?.kind !== 'face.enrolled') throw new Error(JSON.stringify(message));
      enrolments.push({ userId, name: person, embedding: message.embedding, space: message.space });
    }

    const list = shots();
    const video = join(folder, 'people.mp4');
    await makeSceneVideo(binaries, list, folder, video);
    const done = await analyse(video, enrolments);

    let recall = 0;
    const wrong: string[] = [];
    list.forEach((shot, index) => {
      const named = namedIn(done.report, index);
      recall += shot.people.filter((person) => named.includes(person)).length / shot.people.length;
      for (const name of named) {
        if (!shot.people.includes(name as Person)) wrong.push(`${name} at ${index * 2} s`);
      }
    });
    expect(wrong).toEqual([]);
    expect(recall / list.length).toBeGreaterThanOrEqual(0.9);
    expect(done.report.framesAnalysed).toBe(list.length * 2);
  }, 300_000);
});
