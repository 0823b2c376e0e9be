import { describe, expect, it } from 'vitest';
import { facesInPicture, SMALL_PICTURE_PIXELS } from './enrolment-job.ts';
import type { Box, FaceModel } from './faces/face-model.ts';
import type { RgbFrame } from './frames/sample-frames.ts';

const pictureOf = (width: number, height: number): RgbFrame => ({
  width,
  height,
  data: new Uint8Array(width * height * 3),
});

/**
 * A detector that sees one face, at `box` of the frame it is given, only in frames of `width`
 * (as SSD sees a tight crop's face only once the picture has a margin); the widths it was given.
 */
function detectorSeeing(width: number, box: Box) {
  const given: number[] = [];
  const model: FaceModel = {
    name: 'scripted',
    space: 'test',
    detect: async (frame) => {
      given.push(frame.width);
      return frame.width === width ? [{ box, score: 0.9, embedding: [1] }] : [];
    },
    close: async () => undefined,
  };
  return { model, given };
}

describe('faces in a picture', () => {
  it("gives a face found with a margin its box on the picture, not on the margin's canvas", async () => {
    const picture = pictureOf(150, 100);
    const { model } = detectorSeeing(300, { x: 80, y: 55, width: 140, height: 90 });
    // padFrame puts the picture at (75, 50) of a canvas twice its size.
    expect((await facesInPicture(picture, model)).map((face) => face.box)).toEqual([
      { x: 5, y: 5, width: 140, height: 90 },
    ]);
  });

  it('searches a small picture with the margin first: a tight crop takes one pass', async () => {
    const picture = pictureOf(SMALL_PICTURE_PIXELS, 150);
    const { model, given } = detectorSeeing(SMALL_PICTURE_PIXELS * 2, {
      x: 140,
      y: 80,
      width: 200,
      height: 140,
    });
    expect(await facesInPicture(picture, model)).toHaveLength(1);
    expect(given).toEqual([SMALL_PICTURE_PIXELS * 2]);
  });

  it('searches a larger picture as it is first, then with the margin', async () => {
    const picture = pictureOf(640, 360);
    const asItIs = detectorSeeing(640, { x: 300, y: 100, width: 80, height: 80 });
    expect(await facesInPicture(picture, asItIs.model)).toHaveLength(1);
    expect(asItIs.given).toEqual([640]);
    const withMargin = detectorSeeing(1280, { x: 320, y: 180, width: 640, height: 360 });
    expect(await facesInPicture(picture, withMargin.model)).toHaveLength(1);
    expect(withMargin.given).toEqual([640, 1280]);
  });

  it('finds none in a small picture after both passes', async () => {
    const { model, given } = detectorSeeing(0, { x: 0, y: 0, width: 1, height: 1 });
    expect(await facesInPicture(pictureOf(96, 96), model)).toEqual([]);
    expect(given).toEqual([192, 96]);
  });
});
