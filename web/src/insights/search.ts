import { CertificationState } from '@hub/proto';
import { z } from 'zod';

/** Which figure's observations /insights/observations lists: kept in the address, so linkable. */
export const ObservationsSearch = z.object({
  documentId: z.coerce.number().int().positive().optional().catch(undefined),
  observerId: z.coerce.number().int().positive().optional().catch(undefined),
  questionId: z.string().max(100).optional().catch(undefined),
});
export type ObservationsSearch = z.infer<typeof ObservationsSearch>;

export const parseObservationsSearch = (search: Record<string, unknown>): ObservationsSearch =>
  ObservationsSearch.parse(search);

/** Which certifications /insights/certifications lists under its figures. */
export const CertificationsSearch = z.object({
  state: CertificationState.optional().catch(undefined),
});
export type CertificationsSearch = z.infer<typeof CertificationsSearch>;

export const parseCertificationsSearch = (search: Record<string, unknown>): CertificationsSearch =>
  CertificationsSearch.parse(search);
