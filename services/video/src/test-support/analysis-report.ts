import type { AnalysisReport } from '@hub/proto';

/**
 * A ten-second video's report of these faces, every other field as an analysis of one frame a
 * second leaves it: the tests of reviews and of what an analysis tells build theirs from it.
 */
export function reportOf(
  identifiedOperators: AnalysisReport['identifiedOperators'],
  unidentifiedPeople: AnalysisReport['unidentifiedPeople'] = [],
): AnalysisReport {
  const detectedOperators = identifiedOperators.length + unidentifiedPeople.length;
  return {
    durationSeconds: 10,
    framesAnalysed: 10,
    samplingFps: 1,
    matchThreshold: 0.55,
    detectedOperators,
    identifiedOperators,
    unidentifiedPeople,
    identificationRate: detectedOperators ? identifiedOperators.length / detectedOperators : 0,
    stepAnalysis: { available: false, message: 'off' },
  };
}
