import { editEvaluation, type Finding, MAX_EVIDENCE, plural } from './rules.js';

/**
 * The rules about the content itself (rules.ts holds the ones about people and results): SOP
 * documents whose evaluation waits or whose processing failed, and analysed videos with people
 * nobody could name.
 */
export interface DocumentHealthRow {
  documentId: number;
  title: string;
  sopProcessed: boolean;
  processingError: string | null;
  evaluationId: number | null;
  evaluationStatus: 'draft' | 'published' | null;
  evaluationError: string | null;
}

/** Processed SOPs nobody can be observed on yet: no published evaluation. */
export function unpublishedEvaluationsRule(documents: readonly DocumentHealthRow[]): Finding[] {
  return documents
    .filter((row) => row.sopProcessed && !row.processingError)
    .filter((row) => row.evaluationStatus !== 'published')
    .map((row) => {
      const draft = row.evaluationStatus === 'draft';
      return {
        rule: 'sop_without_published_evaluation',
        subjectKey: `document:${row.documentId}`,
        category: 'Efficiency Improvements',
        priority: 'Medium',
        title: draft
          ? `Publish the evaluation of "${row.title}"`
          : `Generate an evaluation for "${row.title}"`,
        description: draft
          ? `"${row.title}" has a draft evaluation waiting for review; until it is published, nobody can be observed on this SOP.`
          : `"${row.title}" has no evaluation${row.evaluationError ? ` (generation failed: ${row.evaluationError})` : ''}; nobody can be observed on this SOP.`,
        evidence: [
          { label: 'SOP', labelKey: 'sop', value: row.title, href: '/library/documents' },
          {
            label: 'Evaluation',
            labelKey: 'evaluation',
            value: draft ? 'Draft' : 'None',
            valueText: { key: draft ? 'draft' : 'none', params: {} },
            href: null,
          },
        ],
        action: draft
          ? { label: 'Review and publish the evaluation', href: editEvaluation(row.documentId) }
          : { label: 'Regenerate the evaluation', href: '/library/documents' },
        text: {
          key: draft ? 'evaluation_draft' : 'evaluation_missing',
          params: { title: row.title },
        },
      };
    });
}

/** Documents whose processing failed: re-processing them makes them usable. */
export function failedDocumentsRule(documents: readonly DocumentHealthRow[]): Finding[] {
  return documents
    .filter((row) => row.processingError)
    .map((row) => ({
      rule: 'document_processing_failed',
      subjectKey: `document:${row.documentId}`,
      category: 'Cost Optimization',
      priority: 'Medium',
      title: `Re-process "${row.title}"`,
      description: `Processing "${row.title}" failed (${row.processingError}); the upload cannot be used for training until it is processed again.`,
      evidence: [
        { label: 'Document', labelKey: 'document', value: row.title, href: '/library/documents' },
        { label: 'Error', labelKey: 'error', value: row.processingError, href: null },
      ],
      action: { label: 'Re-process the document', href: '/library/documents' },
      text: { key: 'document_processing_failed', params: { title: row.title } },
    }));
}

export interface IdentificationGapRow {
  videoId: number;
  title: string;
  detectedOperators: number;
  identifiedOperators: number;
}

/** The video service's count of its analyses with people not identified, and the latest of them. */
export interface IdentificationGaps {
  videoCount: number;
  unidentifiedOperators: number;
  latest: readonly IdentificationGapRow[];
}

/**
 * Analysed videos with people detected but not identified: their profile pictures are missing
 * (or unusable). One recommendation for the organization, with the latest videos as evidence.
 */
export function unidentifiedOperatorsRule(gaps: IdentificationGaps): Finding[] {
  if (gaps.videoCount === 0) return [];
  const unidentified = gaps.unidentifiedOperators;
  return [
    {
      rule: 'video_operators_unidentified',
      subjectKey: 'videos',
      category: 'Quality Upgrades',
      priority: unidentified >= 5 ? 'High' : 'Medium',
      title: 'Add profile pictures so operators are identified in videos',
      description: `${plural(unidentified, 'operator')} detected in ${plural(gaps.videoCount, 'analysed video')} could not be identified. Ask them to add a clear profile picture (Profile page), then analyse the videos again.`,
      evidence: gaps.latest.slice(0, MAX_EVIDENCE).map((row) => ({
        label: row.title,
        value: `${row.identifiedOperators} of ${row.detectedOperators} identified`,
        valueText: {
          key: 'identified_of',
          params: { count: row.identifiedOperators, total: row.detectedOperators },
        },
        href: '/library/videos',
      })),
      action: { label: 'Review the videos', href: '/library/videos' },
      text: {
        key: 'video_operators_unidentified',
        params: { operators: unidentified, videos: gaps.videoCount },
      },
    },
  ];
}
