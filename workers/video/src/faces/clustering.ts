import type { Box } from './face-model.ts';
import { distance, mean, type Vector } from './vectors.ts';

/** A face seen in one sampled frame. */
export interface FaceSighting {
  frame: number;
  time: number;
  box: Box;
  embedding: Vector;
}

/** Faces taken for one person. */
export interface PersonCluster {
  sightings: FaceSighting[];
  /** Mean embedding of the sightings: the person's representative. */
  centroid: number[];
}

export interface ClusterOptions {
  /** Tracks whose centroids are closer than this are merged into one person. */
  clusterThreshold: number;
  /** A face continues a track from the frame before when this close, in the same place. */
  trackThreshold: number;
  /** Boxes overlapping at least this much (intersection over union) are "the same place". */
  minOverlap: number;
  /** A track survives this many frames without its face (a missed detection, a turned head). */
  maxMissedFrames: number;
}

export const DEFAULT_CLUSTER_OPTIONS: ClusterOptions = {
  clusterThreshold: 0.5,
  trackThreshold: 0.6,
  minOverlap: 0.3,
  maxMissedFrames: 2,
};

export function overlap(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  const intersection = width * height;
  return intersection / (a.width * a.height + b.width * b.height - intersection);
}

interface Track {
  sightings: FaceSighting[];
  frames: Set<number>;
}

/** Temporal continuity: a face in the same place as one just before, and alike, is its track. */
function buildTracks(sightings: readonly FaceSighting[], options: ClusterOptions): Track[] {
  const byFrame = new Map<number, FaceSighting[]>();
  for (const sighting of sightings) {
    byFrame.set(sighting.frame, [...(byFrame.get(sighting.frame) ?? []), sighting]);
  }
  const tracks: Track[] = [];
  for (const frame of [...byFrame.keys()].sort((a, b) => a - b)) {
    const faces = byFrame.get(frame)!;
    const open = tracks.filter((track) => {
      const last = track.sightings.at(-1)!;
      return frame - last.frame <= options.maxMissedFrames + 1;
    });
    const pairs: { face: number; track: Track; cost: number }[] = [];
    faces.forEach((face, index) => {
      for (const track of open) {
        const last = track.sightings.at(-1)!;
        const cost = distance(face.embedding, last.embedding);
        if (overlap(face.box, last.box) >= options.minOverlap && cost < options.trackThreshold) {
          pairs.push({ face: index, track, cost });
        }
      }
    });
    pairs.sort((a, b) => a.cost - b.cost);
    const taken = new Set<number>();
    const used = new Set<Track>();
    for (const pair of pairs) {
      if (taken.has(pair.face) || used.has(pair.track)) continue;
      taken.add(pair.face);
      used.add(pair.track);
      pair.track.sightings.push(faces[pair.face]!);
      pair.track.frames.add(frame);
    }
    faces.forEach((face, index) => {
      if (!taken.has(index)) tracks.push({ sightings: [face], frames: new Set([frame]) });
    });
  }
  return tracks;
}

interface Group {
  sightings: FaceSighting[];
  frames: Set<number>;
  centroid: number[];
}

const sharesFrame = (a: Group, b: Group) => [...a.frames].some((frame) => b.frames.has(frame));

/**
 * Groups faces seen across frames into people: faces are first linked into tracks (same place,
 * consecutive frames, alike), then tracks are merged by centroid distance, closest first, never
 * merging two that appear in the same frame (two faces in one frame are two people).
 */
export function clusterFaces(
  sightings: readonly FaceSighting[],
  options: ClusterOptions = DEFAULT_CLUSTER_OPTIONS,
): PersonCluster[] {
  const groups: Group[] = buildTracks(sightings, options).map((track) => ({
    ...track,
    centroid: mean(track.sightings.map((sighting) => sighting.embedding)),
  }));
  for (;;) {
    let best: { a: number; b: number; cost: number } | null = null;
    for (let a = 0; a < groups.length; a++) {
      for (let b = a + 1; b < groups.length; b++) {
        const cost = distance(groups[a]!.centroid, groups[b]!.centroid);
        if (cost >= options.clusterThreshold || (best && cost >= best.cost)) continue;
        if (sharesFrame(groups[a]!, groups[b]!)) continue;
        best = { a, b, cost };
      }
    }
    if (!best) break;
    const a = groups[best.a]!;
    const b = groups[best.b]!;
    a.centroid = mean([a.centroid, b.centroid], [a.sightings.length, b.sightings.length]);
    a.sightings = [...a.sightings, ...b.sightings];
    a.frames = new Set([...a.frames, ...b.frames]);
    groups.splice(best.b, 1);
  }
  return groups
    .map((group) => ({
      sightings: [...group.sightings].sort((x, y) => x.frame - y.frame),
      centroid: group.centroid,
    }))
    .sort((x, y) => x.sightings[0]!.frame - y.sightings[0]!.frame);
}
