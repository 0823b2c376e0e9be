import { DEFAULT_PREFERENCES, type SkillCell } from '@hub/proto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  canManageJobFunctions,
  cellSummary,
  cellText,
  coverageText,
  matrixCsvUrl,
  matrixScopeText,
  ownStanding,
  seesEveryone,
} from './format';
import { setDatePreferences } from '../ui/dates';
import { i18n } from '../i18n/i18n';

/** Intl separates the French % sign with a (narrow) no-break space. */
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

// The preferences are the module's state, shared with the files the worker runs next (unit's
// isolate: false): each test here sets its own, and the defaults are back after it.
afterEach(() => setDatePreferences(DEFAULT_PREFERENCES));

const cell = (overrides: Partial<SkillCell>): SkillCell => ({
  documentId: 1,
  level: 'not_trained',
  score: null,
  date: null,
  required: false,
  gap: false,
  ...overrides,
});

describe('skills format', () => {
  it('sums a cell up with level, score, date and requirement', () => {
    setDatePreferences({ timeZone: 'UTC', dateFormat: 'YYYY-MM-DD' });
    expect(
      cellSummary(
        cell({ level: 'certified', score: 92, date: '2026-11-02T10:00:00Z', required: true }),
      ),
    ).toBe('Certified · 92% · 2026-11-02 · required');
    expect(cellSummary(cell({ required: true, gap: true }))).toBe('Not trained · required, a gap');
  });

  /** The tooltip wrote '61.5%' whatever the reader's language. */
  it("writes the scores in the reader's number format", async () => {
    setDatePreferences({ timeZone: 'UTC', dateFormat: 'YYYY-MM-DD' });
    const scored = cell({ level: 'certified', score: 61.5, date: '2026-11-02T10:00:00Z' });
    expect(cellSummary(scored)).toBe('Certified · 61.5% · 2026-11-02');
    try {
      await i18n.changeLanguage('fr');
      expect(spaces(cellSummary(scored))).toBe('Habilité · 61,5 % · 2026-11-02');
      expect(spaces(cellText(scored))).toBe('62 %');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows the score, or the level without one', () => {
    expect(cellText(cell({ level: 'expired', score: 86.7 }))).toBe('87%');
    expect(cellText(cell({ level: 'in_training' }))).toBe('In training');
    expect(cellText(cell({}))).toBe('–');
    expect(cellText(cell({ level: 'needs_reobservation', score: 100 }))).toBe(
      'Needs re-observation',
    );
  });

  it('words coverage', () => {
    expect(coverageText(3, 4, 75)).toBe('3 of 4 SOPs (75%)');
    expect(coverageText(0, 0, null)).toBe('No SOPs required');
  });

  it('builds the export link from the filters', () => {
    expect(matrixCsvUrl({})).toBe('/api/insights/skills-matrix.csv');
    expect(matrixCsvUrl({ jobFunctionId: 3, role: 'operator', search: ' ott ' })).toBe(
      '/api/insights/skills-matrix.csv?jobFunctionId=3&role=operator&search=ott',
    );
  });

  it('knows who manages functions and who sees everyone', () => {
    expect(canManageJobFunctions('admin')).toBe(true);
    expect(canManageJobFunctions('manager')).toBe(false);
    expect(seesEveryone('manager')).toBe(true);
    expect(seesEveryone('operator')).toBe(false);
  });
});

describe('skills matrix scope', () => {
  it('tells an operator he sees his own row only', () => {
    expect(matrixScopeText(false)).toMatch(/^Your own row only/);
    expect(matrixScopeText(true)).toMatch(/^Everyone/);
  });
});

describe('ownStanding', () => {
  it("lists the SOPs an operator was observed on or must know, with each one's level", () => {
    setDatePreferences({ timeZone: 'UTC', dateFormat: 'YYYY-MM-DD' });
    const sops = [
      { documentId: 1, title: 'Cooling', gaps: 0 },
      { documentId: 2, title: 'Ovens', gaps: 1 },
      { documentId: 3, title: 'Unrelated', gaps: 0 },
    ];
    const cells = [
      cell({ documentId: 1, level: 'certified', score: 92, date: '2026-02-11T10:00:00Z' }),
      cell({ documentId: 2, required: true, gap: true }),
      cell({ documentId: 3 }),
    ];
    const row = {
      userId: 7,
      name: 'Otto',
      email: 'otto@acme.test',
      role: 'operator' as const,
      department: 'operator',
      jobFunctions: ['Line cook'],
      gaps: 1,
      cells,
    };
    expect(ownStanding({ sops, rows: [row] })).toEqual([
      {
        documentId: 1,
        title: 'Cooling',
        level: 'certified',
        summary: 'Certified · 92% · 2026-02-11',
      },
      {
        documentId: 2,
        title: 'Ovens',
        level: 'not_trained',
        summary: 'Not trained · required, a gap',
      },
    ]);
    expect(ownStanding({ sops, rows: [] })).toEqual([]);
  });
});
