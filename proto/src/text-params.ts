import { z } from 'zod';

/**
 * The parts a client's catalog text is filled with, for a text the server computes (a
 * recommendation, an onboarding step): names and titles as written, counts as numbers, dates as
 * ISO days. The server keeps its English sentence beside the key for API clients and logs.
 */
export const TextParams = z.record(z.string(), z.union([z.string(), z.number()]));
export type TextParams = z.infer<typeof TextParams>;
