import { z } from 'zod';
import { PageCursor, PageInfo } from './paging.js';
import { RowId } from './row-id.js';
import type { Language } from './settings.js';

/** Spec: certificates are expiring soon within 30 days. */
export const EXPIRING_SOON_DAYS = 30;
/** Validity when neither the SOP nor the organization sets one. */
export const DEFAULT_VALIDITY_MONTHS = 12;

export const CERTIFICATION_STATES = ['active', 'expiring_soon', 'expired', 'revoked'] as const;
export const CertificationState = z.enum(CERTIFICATION_STATES);
export type CertificationState = z.infer<typeof CertificationState>;

export const CERTIFICATION_KINDS = ['sop', 'course'] as const;
export const CertificationKind = z.enum(CERTIFICATION_KINDS);
export type CertificationKind = z.infer<typeof CertificationKind>;

/** A certification's pending re-observation: which SOP version asked for it, and since when. */
export const Reobservation = z.object({ version: z.number().int(), since: z.string() });
export type Reobservation = z.infer<typeof Reobservation>;

export const Certification = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  holderName: z.string(),
  kind: CertificationKind,
  /** The SOP document (kind 'sop') or the course (kind 'course') it certifies. */
  subjectId: z.number().int(),
  title: z.string(),
  /** The SOP's tags, or the course's category: the page's categories. */
  categories: z.array(z.string()),
  /** The score of the observation that issued or last renewed it (SOPs only). */
  score: z.number().nullable(),
  issuedAt: z.string(),
  expiresAt: z.string(),
  validityMonths: z.number().int(),
  state: CertificationState,
  verificationCode: z.string(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  /**
   * Set while the holder must be observed again: a new version of the SOP changed a
   * safety-relevant section while this certification was in force (`version` is that version).
   * The next passed observation of the SOP clears it. Always null for courses.
   */
  reobservation: Reobservation.nullable(),
});
export type Certification = z.infer<typeof Certification>;

export const CertificationListQuery = z.object({
  userId: RowId.optional(),
  documentId: RowId.optional(),
  courseId: RowId.optional(),
  state: CertificationState.optional(),
  /**
   * Words of the holder's name, the title or a category (an SOP's tag, a course's category),
   * case-insensitive: searched among all of them, not only the `limit` most recent listed.
   * UNCATEGORIZED is found by its English word and by the caller's language's (UNCATEGORIZED_WORDS).
   */
  search: z.string().trim().max(200).optional(),
  /** The `nextCursor` of the page before (none: the first page), the same filters asked again. */
  cursor: PageCursor.optional(),
  /** A page's rows: 200 by default, as many as the list held when it was not paged. */
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type CertificationListQuery = z.infer<typeof CertificationListQuery>;

/** The page's four cards, over every certification the caller may see (filters aside). */
export const CertificationSummary = z.object({
  active: z.number().int(),
  completedThisMonth: z.number().int(),
  expiringSoon: z.number().int(),
  overdue: z.number().int(),
  revoked: z.number().int(),
});
export type CertificationSummary = z.infer<typeof CertificationSummary>;

/**
 * The category named for a certification whose SOP has no tags or whose course has no category:
 * a word the server sends and readers see translated (UNCATEGORIZED_WORDS).
 */
export const UNCATEGORIZED = 'Uncategorized';

/**
 * UNCATEGORIZED as each language's reader sees it: the web app's certifications.uncategorized,
 * and the word the list's search finds those certifications by for that reader (besides the
 * English one the server sends).
 */
export const UNCATEGORIZED_WORDS: Record<Language, string> = {
  en: UNCATEGORIZED,
  es: 'Sin categoría',
  fr: 'Sans catégorie',
};

export const CertificationCategory = z.object({ name: z.string(), count: z.number().int() });

/**
 * One page of the certifications the filters select, most recently issued first (expiring soon and
 * expired: soonest expiry first; see paging.ts):
 * `totalCount` counts every one selected. The cards and categories count the whole scope on every
 * page. A certification issued while someone pages takes its place by its issue and moves no
 * other row; a renewal is an issue too, so one renewed meanwhile moves to the front (a reload
 * shows it there).
 */
export const CertificationList = PageInfo.extend({
  certifications: z.array(Certification),
  summary: CertificationSummary,
  /** Certifications that are not revoked, counted per category (one may count in several). */
  categories: z.array(CertificationCategory),
});
export type CertificationList = z.infer<typeof CertificationList>;

/** What the public verification route tells: enough to match a paper, nothing more. */
export const CertificationVerification = z.object({
  valid: z.boolean(),
  state: CertificationState,
  holderName: z.string(),
  title: z.string(),
  issuedAt: z.string(),
  expiresAt: z.string(),
});
export type CertificationVerification = z.infer<typeof CertificationVerification>;

export const RevokeCertificationRequest = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Please give a reason for revoking this certification.')
    .max(500),
});
export type RevokeCertificationRequest = z.infer<typeof RevokeCertificationRequest>;

const ValidityMonths = z.coerce
  .number()
  .int()
  .min(1, 'Validity must be between 1 and 120 months.')
  .max(120, 'Validity must be between 1 and 120 months.');

export const CertificationSettings = z.object({
  defaultValidityMonths: ValidityMonths,
  /** SOPs with a validity of their own. */
  sops: z.array(z.object({ documentId: z.number().int(), validityMonths: z.number().int() })),
});
export type CertificationSettings = z.infer<typeof CertificationSettings>;

export const SaveCertificationDefaults = z.object({ defaultValidityMonths: ValidityMonths });
export type SaveCertificationDefaults = z.infer<typeof SaveCertificationDefaults>;

/** null removes the SOP's own validity, so the organization's default applies again. */
export const SaveSopValidity = z.object({ validityMonths: ValidityMonths.nullable() });
export type SaveSopValidity = z.infer<typeof SaveSopValidity>;
