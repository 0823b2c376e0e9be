import {
  ORGANIZATION_ADMINS,
  type Role,
  type SkillCell,
  type SkillLevel,
  type SkillsMatrix,
  type SkillsMatrixQuery,
  STAFF_ROLES,
} from '@hub/proto';
import { api } from '../api/routes';
import { withQuery } from '../api/client';
import type { BadgeTone } from '../ui/Badge';
import { formatDate } from '../ui/dates';
import { i18n } from '../i18n/i18n';
import { formatPercent } from '../i18n/format';

export const LEVEL_TONES: Record<SkillLevel, BadgeTone> = {
  not_trained: 'neutral',
  in_training: 'blue',
  certified: 'green',
  expiring: 'amber',
  expired: 'red',
  needs_reobservation: 'amber',
};

/** Cell backgrounds of the matrix, one per level (the legend shows the same). */
export const LEVEL_CELL_CLASSES: Record<SkillLevel, string> = {
  not_trained: 'bg-slate-50 text-slate-500 dark:bg-slate-900 dark:text-slate-400',
  in_training: 'bg-blue-50 text-blue-800 dark:bg-blue-950 dark:text-blue-300',
  certified: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  expiring: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  expired: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  needs_reobservation: 'bg-orange-200 text-orange-900 dark:bg-orange-950 dark:text-orange-300',
};

export const levelLabel = (level: SkillLevel): string => i18n.t(`skills.levels.${level}`);

export const canManageJobFunctions = (role: Role | undefined) =>
  role !== undefined && ORGANIZATION_ADMINS.includes(role);

/** Staff see everyone's row; an operator sees their own. */
export const seesEveryone = (role: Role | undefined) =>
  role !== undefined && STAFF_ROLES.includes(role);

/**
 * Whose rows the matrix shows, said on the page: an operator (who reaches it from the sidebar
 * too) sees only his own row, as the server answers it.
 */
export function matrixScopeText(staff: boolean): string {
  return staff ? i18n.t('skills.scopeStaff') : i18n.t('skills.scopeOwn');
}

/**
 * 'Certified · 61.5% · 11/02/2026 · required', the cell's tooltip: dates as the user prefers,
 * the score in the reader's number format ('61,5 %' in French).
 */
export function cellSummary(cell: SkillCell): string {
  const parts = [levelLabel(cell.level)];
  if (cell.score !== null) parts.push(formatPercent(cell.score));
  if (cell.date !== null) parts.push(formatDate(cell.date));
  if (cell.required)
    parts.push(cell.gap ? i18n.t('skills.requiredGap') : i18n.t('skills.required'));
  return parts.join(' · ');
}

/**
 * The score in the cell, or the level when no observation is completed; a pending
 * re-observation always reads as such (the old score no longer tells the level).
 */
export function cellText(cell: SkillCell): string {
  if (cell.level === 'needs_reobservation') return levelLabel(cell.level);
  if (cell.score !== null) return formatPercent(Math.round(cell.score));
  return cell.level === 'not_trained' ? '–' : levelLabel(cell.level);
}

/** '3 of 4 SOPs (75%)', '1 sur 1 mode opératoire (100 %)', or 'No SOPs required'. */
export function coverageText(certified: number, required: number, coverage: number | null) {
  if (required === 0 || coverage === null) return i18n.t('skills.noSopsRequired');
  return i18n.t('skills.coverage', {
    count: required,
    certified,
    required,
    coverage: formatPercent(coverage),
  });
}

export type MatrixFilters = Omit<SkillsMatrixQuery, 'page' | 'sopPage'>;

/** The export's address with the page's filters: a plain link, downloaded with the cookie. */
export const matrixCsvUrl = (filters: MatrixFilters) =>
  withQuery(api.skillsMatrixCsv.path, {
    jobFunctionId: filters.jobFunctionId,
    role: filters.role,
    search: filters.search?.trim() ? filters.search.trim() : undefined,
  });

/** One SOP of the caller's own standing, as the Training page lists it. */
export interface OwnSkill {
  documentId: number;
  title: string;
  level: SkillLevel;
  summary: string;
}

/**
 * An operator's own standing per SOP, from their row of the matrix (the only row the server gives
 * them): the SOPs they were observed on or one of their job functions requires, by title.
 */
export function ownStanding(matrix: Pick<SkillsMatrix, 'sops' | 'rows'>): OwnSkill[] {
  const row = matrix.rows[0];
  if (!row) return [];
  return matrix.sops.flatMap((sop) => {
    const cell = row.cells.find((candidate) => candidate.documentId === sop.documentId);
    if (!cell || (cell.level === 'not_trained' && !cell.required)) return [];
    return [
      {
        documentId: sop.documentId,
        title: sop.title,
        level: cell.level,
        summary: cellSummary(cell),
      },
    ];
  });
}
