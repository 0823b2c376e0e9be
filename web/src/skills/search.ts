import { Role } from '@hub/proto';
import { z } from 'zod';

/** The matrix's filters in the address, so a link (from a job function) opens them set. */
export const MatrixSearch = z.object({
  jobFunctionId: z.coerce.number().int().positive().optional().catch(undefined),
  role: Role.optional().catch(undefined),
  search: z.string().max(100).optional().catch(undefined),
});
export type MatrixSearch = z.infer<typeof MatrixSearch>;

export const parseMatrixSearch = (search: Record<string, unknown>): MatrixSearch =>
  MatrixSearch.parse(search);
