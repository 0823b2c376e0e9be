import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import {
  analysingLabel,
  anyProcessing,
  distanceText,
  faceVerdict,
  rejectedText,
  reviewText,
  formatRate,
  formatTimeRange,
  formatTimestamp,
  linkedSopsText,
  matchConfidence,
  notYetEnrolledText,
  observedLabel,
  operatorCountsText,
  preselectedSops,
  samplingText,
  unidentifiedText,
  videoStatus,
} from './format';

const base = { analysisError: null, progress: null } as const;

describe('videoStatus', () => {
  it('reads completed green, processing blue with the frame count, failed red with the reason', () => {
    expect(videoStatus({ ...base, analysisStatus: 'completed' })).toEqual({
      label: 'Completed',
      tone: 'green',
      detail: null,
      processing: false,
    });
    expect(
      videoStatus({ ...base, analysisStatus: 'processing', progress: { current: 12, total: 40 } }),
    ).toEqual({
      label: 'Processing',
      tone: 'blue',
      detail: 'Analysing: frame 12 of 40',
      processing: true,
    });
    expect(
      videoStatus({ ...base, analysisStatus: 'failed', analysisError: 'No frames could be read' }),
    ).toMatchObject({ label: 'Failed', tone: 'red', detail: 'No frames could be read' });
  });

  it('gives a failure without a reason a generic one, and anything else is pending grey', () => {
    expect(videoStatus({ ...base, analysisStatus: 'failed', analysisError: ' ' }).detail).toBe(
      'Analysis failed',
    );
    expect(videoStatus({ ...base, analysisStatus: 'pending' })).toEqual({
      label: 'Pending',
      tone: 'neutral',
      detail: null,
      processing: false,
    });
  });
});

describe('analysingLabel', () => {
  it('waits for the first frame, then counts, never beyond the total', () => {
    expect(analysingLabel(null)).toBe('Analysing...');
    expect(analysingLabel({ current: 0, total: 0 })).toBe('Analysing...');
    expect(analysingLabel({ current: 0, total: 8 })).toBe('Analysing: frame 0 of 8');
    expect(analysingLabel({ current: 9, total: 8 })).toBe('Analysing: frame 8 of 8');
  });
});

describe('anyProcessing', () => {
  it('is true only while some video is processing', () => {
    expect(anyProcessing(undefined)).toBe(false);
    expect(anyProcessing([{ analysisStatus: 'completed' }, { analysisStatus: 'pending' }])).toBe(
      false,
    );
    expect(anyProcessing([{ analysisStatus: 'completed' }, { analysisStatus: 'processing' }])).toBe(
      true,
    );
  });
});

describe('operatorCountsText', () => {
  it('shows a dash before analysis', () => {
    expect(
      operatorCountsText({
        detectedOperators: null,
        identifiedOperators: null,
        identificationRate: null,
      }),
    ).toBe('—');
  });

  it('counts detected and identified with the rate', () => {
    expect(
      operatorCountsText({
        detectedOperators: 3,
        identifiedOperators: 2,
        identificationRate: 0.6667,
      }),
    ).toBe('3 detected · 2 identified (67%)');
    expect(
      operatorCountsText({ detectedOperators: 0, identifiedOperators: 0, identificationRate: 0 }),
    ).toBe('0 detected · 0 identified (0%)');
  });

  it('works the rate out when the server sent none', () => {
    expect(
      operatorCountsText({
        detectedOperators: 4,
        identifiedOperators: 1,
        identificationRate: null,
      }),
    ).toBe('4 detected · 1 identified (25%)');
  });
});

describe('formatRate', () => {
  it('rounds to a whole percent within 0 to 100', () => {
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(0.005)).toBe('1%');
    expect(formatRate(1.3)).toBe('100%');
    expect(formatRate(Number.NaN)).toBe('0%');
  });

  /** A French or Spanish reader read '67%', where the other pages write '67 %'. */
  it("writes the rate in the reader's number format", async () => {
    await i18n.changeLanguage('fr');
    try {
      expect(formatRate(0.6667)).toBe('67\u00a0%');
      expect(
        operatorCountsText({
          detectedOperators: 3,
          identifiedOperators: 2,
          identificationRate: 0.6667,
        }),
      ).toBe('Détectés : 3 · identifiés : 2 (67\u00a0%)');
      // One person detected reads right too (the counts lead, no plural to agree with).
      expect(
        operatorCountsText({ detectedOperators: 1, identifiedOperators: 1, identificationRate: 1 }),
      ).toBe('Détectés : 1 · identifiés : 1 (100\u00a0%)');
      await i18n.changeLanguage('es');
      expect(formatRate(Number.NaN)).toBe('0\u00a0%');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('linkedSopsText', () => {
  it('counts linked SOPs', () => {
    expect(linkedSopsText(0)).toBe('No SOPs');
    expect(linkedSopsText(1)).toBe('1 SOP');
    expect(linkedSopsText(3)).toBe('3 SOPs');
  });
});

describe('formatTimestamp and formatTimeRange', () => {
  it('writes m:ss, and h:mm:ss from an hour on', () => {
    expect(formatTimestamp(0)).toBe('0:00');
    expect(formatTimestamp(4.9)).toBe('0:04');
    expect(formatTimestamp(65.4)).toBe('1:05');
    expect(formatTimestamp(3599)).toBe('59:59');
    expect(formatTimestamp(3725)).toBe('1:02:05');
    expect(formatTimestamp(-3)).toBe('0:00');
    expect(formatTimestamp(Number.NaN)).toBe('0:00');
  });

  it('joins start and end with an en dash, one time when they meet', () => {
    expect(formatTimeRange({ start: 4, end: 12.5 })).toBe('0:04–0:12');
    expect(formatTimeRange({ start: 62, end: 125 })).toBe('1:02–2:05');
    expect(formatTimeRange({ start: 3, end: 3.5 })).toBe('0:03');
  });
});

describe('matchConfidence and distanceText', () => {
  it('grades the distance against the threshold', () => {
    expect(matchConfidence(0.2, 0.6)).toEqual({ label: 'Strong match', tone: 'green' });
    expect(matchConfidence(0.3, 0.6).label).toBe('Strong match');
    expect(matchConfidence(0.45, 0.6).label).toBe('Good match');
    expect(matchConfidence(0.55, 0.6)).toEqual({ label: 'Weak match', tone: 'amber' });
    expect(matchConfidence(0.1, 0).label).toBe('Weak match');
  });

  it('prints the distance with two decimals', () => {
    expect(distanceText({ distance: 0.31234 }, 0.6)).toBe('distance 0.31 (threshold 0.6)');
    expect(distanceText({ distance: null }, 0.6)).toBe('named by a supervisor');
  });

  /** A French reader read 'distance 0.31 (seuil 0.6)': English decimal points. */
  it("prints the distance and the threshold in the reader's number format", async () => {
    await i18n.changeLanguage('fr');
    try {
      expect(distanceText({ distance: 0.31234 }, 0.6)).toBe('distance 0,31 (seuil 0,6)');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('observedLabel', () => {
  it('reads yes, no and unknown', () => {
    expect(observedLabel(true)).toEqual({ label: 'Observed', tone: 'green' });
    expect(observedLabel(false)).toEqual({ label: 'Not observed', tone: 'red' });
    expect(observedLabel(null)).toEqual({ label: 'Unknown', tone: 'neutral' });
  });
});

describe('samplingText and unidentifiedText', () => {
  it("describes the sampling, its rate in the reader's number format", async () => {
    expect(samplingText({ framesAnalysed: 16, samplingFps: 2, durationSeconds: 8 })).toBe(
      '16 frames at 2 fps over 0:08',
    );
    expect(samplingText({ framesAnalysed: 1, samplingFps: 0.3333, durationSeconds: 3 })).toBe(
      '1 frame at 0.33 fps over 0:03',
    );
    await i18n.changeLanguage('fr');
    try {
      expect(
        samplingText({ framesAnalysed: 1, samplingFps: 0.3333, durationSeconds: 3 }),
      ).toContain('0,33');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('counts unidentified people', () => {
    expect(unidentifiedText(0)).toBe('No unidentified people');
    expect(unidentifiedText(1)).toBe('1 unidentified person');
    expect(unidentifiedText(2)).toBe('2 unidentified people');
  });
});

describe('preselectedSops', () => {
  it('keeps the linked SOPs that are processed, in their order', () => {
    expect(preselectedSops([5, 2, 9], [{ id: 2 }, { id: 5 }])).toEqual([5, 2]);
    expect(preselectedSops([], [{ id: 2 }])).toEqual([]);
  });
});

describe('notYetEnrolledText', () => {
  it('names who could not be identified and says how to include them', () => {
    expect(notYetEnrolledText(['Amy'])).toBe(
      'Amy was not yet enrolled for identification when this analysis ran, so the report ' +
        'cannot name them. Re-run the analysis to include them.',
    );
    expect(notYetEnrolledText(['Amy', 'Howard', 'Raj'])).toMatch(/^Amy, Howard and Raj were not/);
  });

  it('names four and counts the rest when a whole organization waits (an upgraded model)', () => {
    const five = ['Amy', 'Bo', 'Cy', 'Dee', 'Eve'];
    expect(notYetEnrolledText(five)).toMatch(/^Amy, Bo, Cy, Dee and Eve were not/);
    const many = [...five, ...Array.from({ length: 195 }, (_, i) => `Member ${i}`)];
    expect(notYetEnrolledText(many)).toMatch(/^Amy, Bo, Cy, Dee and 196 others were not yet/);
  });
});

describe('faceVerdict, reviewText and rejectedText', () => {
  const review = { by: 1, byName: 'Amy Farrah', at: '2026-11-26T10:00:00.000Z' };

  it("puts a supervisor's word before the distance", () => {
    expect(faceVerdict({ distance: 0.55 }, 0.6).label).toBe('Weak match');
    expect(
      faceVerdict({ distance: 0.55, review: { decision: 'confirmed', ...review } }, 0.6),
    ).toEqual({ label: 'Confirmed', tone: 'green' });
    expect(
      faceVerdict({ distance: null, review: { decision: 'named', ...review } }, 0.6).label,
    ).toBe('Named');
  });

  it('says who reviewed and when', () => {
    expect(reviewText({})).toBeNull();
    expect(reviewText({ review: { decision: 'confirmed', ...review } })).toBe(
      'Confirmed by Amy Farrah on Nov 26, 2026',
    );
    expect(rejectedText({ rejected: [{ userId: 2, name: 'Howard Wolowitz', ...review }] })).toBe(
      'Not Howard Wolowitz (said Amy Farrah on Nov 26, 2026)',
    );
    expect(rejectedText({})).toBeNull();
  });
});
