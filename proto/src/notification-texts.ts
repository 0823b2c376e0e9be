import { z } from 'zod';
import { NOTIFICATION_TYPES } from './accounts.js';

const Title = z.string().max(1000);
/**
 * A worker's own explanation (a PDF that cannot be parsed, a picture without a face), passed on
 * as the worker wrote it: a sentence of FAILURE_REASONS, which identity words in the reader's
 * language by its code (failureReasonOf); another text reaches the reader as written.
 */
const Reason = z.string().max(2000);

/**
 * What another service asks identity to tell people: which text of the server catalog
 * (@hub/kit's `notifications`) and its parameters, never the sentence itself, so identity writes
 * it in each reader's language. Dates travel as ISO strings, written out in the reader's language.
 */
export const NotificationText = z.discriminatedUnion('key', [
  z.object({
    key: z.literal('documentProcessed'),
    params: z.object({
      title: Title,
      pages: z.number().int(),
      images: z.number().int(),
      ocrPages: z.number().int(),
    }),
  }),
  z.object({
    key: z.literal('documentFailed'),
    params: z.object({ title: Title, reason: Reason }),
  }),
  z.object({
    key: z.literal('evaluationGenerated'),
    params: z.object({ title: Title, questions: z.number().int() }),
  }),
  z.object({
    key: z.literal('evaluationFailed'),
    params: z.object({ title: Title, reason: Reason }),
  }),
  z.object({
    key: z.literal('acknowledgementRequested'),
    params: z.object({
      title: Title,
      version: z.number().int(),
      safetyRelevant: z.boolean(),
      path: z.string().max(500),
    }),
  }),
  z.object({
    key: z.literal('observationCompleted'),
    params: z.object({
      operator: Title,
      evaluation: Title,
      passed: z.boolean(),
      score: z.number(),
      passMark: z.number(),
      observer: Title,
    }),
  }),
  z.object({
    key: z.literal('certificationExpiring'),
    params: z.object({
      holder: Title,
      title: Title,
      expiresAt: z.iso.datetime(),
      days: z.number().int(),
    }),
  }),
  z.object({
    key: z.literal('certificationExpired'),
    params: z.object({ holder: Title, title: Title, expiresAt: z.iso.datetime() }),
  }),
  /**
   * A training supervisor's one notice of a sweep day: how many of the organization's
   * certifications became expiring soon and expired since the last one, and the page that lists
   * them (`path`, the web app's /insights/certifications, filtered by state when only one).
   */
  z.object({
    key: z.literal('certificationDigest'),
    params: z.object({
      expiringSoon: z.number().int(),
      expired: z.number().int(),
      path: z.string().max(500),
    }),
  }),
  z.object({
    key: z.literal('videoUnreadable'),
    params: z.object({ title: Title, reason: Reason }),
  }),
  z.object({
    key: z.literal('videoAnalysed'),
    params: z.object({
      title: Title,
      detected: z.number().int(),
      identified: z.array(Title).max(1000),
    }),
  }),
  z.object({
    key: z.literal('videoFailed'),
    params: z.object({ title: Title, reason: Reason }),
  }),
  z.object({
    key: z.literal('pictureRejected'),
    params: z.object({ reason: Reason }),
  }),
]);
export type NotificationText = z.infer<typeof NotificationText>;
export type NotificationKey = NotificationText['key'];
export type NotificationParams<K extends NotificationKey> = Extract<
  NotificationText,
  { key: K }
>['params'];

/** A notification to send: how it shows (its type) and what it says (a catalog text). */
export const NotificationRequest = z.intersection(
  z.object({ type: z.enum(NOTIFICATION_TYPES) }),
  NotificationText,
);
export type NotificationRequest = z.infer<typeof NotificationRequest>;
