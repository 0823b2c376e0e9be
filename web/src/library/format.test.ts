import { describe, expect, it } from 'vitest';
import {
  documentStatus,
  ocrBadge,
  processingSummary,
  stageLabel,
  type SummaryFields,
  viewerTabsState,
} from './format';

describe('documentStatus (reading A)', () => {
  it('prefers processed, then failed, then processing', () => {
    expect(documentStatus({ sopProcessed: true, sopError: 'old' }).label).toBe('SOP Processed');
    expect(documentStatus({ sopProcessed: false, sopError: 'bad pdf' }).label).toBe('SOP Failed');
    const pending = documentStatus({ sopProcessed: false, sopError: null });
    expect(pending.label).toBe('Processing SOP');
    expect(pending.pending).toBe(true);
  });
});

describe('ocrBadge', () => {
  it('shows availability, failure or nothing', () => {
    expect(ocrBadge({ ocrProcessed: true, ocrError: null })?.label).toBe('OCR Available');
    expect(ocrBadge({ ocrProcessed: false, ocrError: 'x' })?.label).toBe('OCR Failed');
    expect(ocrBadge({ ocrProcessed: false, ocrError: null })).toBeNull();
  });
});

describe('stageLabel', () => {
  it('names every stage, with the OCR page count when known', () => {
    expect(stageLabel({ stage: 'queued', current: null, total: null })).toBe('Queued');
    expect(stageLabel({ stage: 'extracting', current: null, total: null })).toBe('Extracting text');
    expect(stageLabel({ stage: 'ocr', current: 3, total: 12 })).toBe('OCR page 3 of 12');
    expect(stageLabel({ stage: 'ocr', current: null, total: null })).toBe('OCR');
    expect(stageLabel({ stage: 'images', current: 1, total: 4 })).toBe('Extracting images');
    expect(stageLabel({ stage: 'generating_evaluation', current: null, total: null })).toBe(
      'Generating evaluation',
    );
  });
});

describe('processingSummary', () => {
  const base: SummaryFields = {
    sopProcessed: false,
    sopError: null,
    processingError: null,
    evaluationGenerationError: null,
    imageCount: 0,
    progress: { stage: 'ocr', current: 2, total: 5, updatedAt: '2025-01-01T00:00:00Z' },
  };

  it('reports the live stage while processing', () => {
    expect(processingSummary(base)).toEqual({
      kind: 'processing',
      text: 'Processing: OCR page 2 of 5',
    });
  });

  it('reports completion with the image count', () => {
    expect(processingSummary({ ...base, sopProcessed: true }).text).toBe('Processing completed');
    expect(processingSummary({ ...base, sopProcessed: true, imageCount: 1 }).text).toBe(
      'Processing completed (1 image)',
    );
    expect(processingSummary({ ...base, sopProcessed: true, imageCount: 7 }).text).toBe(
      'Processing completed (7 images)',
    );
  });

  it('reports either error first', () => {
    expect(processingSummary({ ...base, processingError: 'Corrupt PDF' })).toEqual({
      kind: 'failed',
      text: 'Processing failed: Corrupt PDF',
    });
    expect(
      processingSummary({ ...base, sopProcessed: true, evaluationGenerationError: 'AI down' }).text,
    ).toBe('Processing failed: AI down');
    expect(processingSummary({ ...base, sopError: 'No text' }).text).toBe(
      'Processing failed: No text',
    );
  });
});

describe('processingSummary while an evaluation is generated', () => {
  it('is not completed until the evaluation generation ends', () => {
    const document: SummaryFields = {
      sopProcessed: true,
      sopError: null,
      processingError: null,
      evaluationGenerationError: null,
      imageCount: 0,
      progress: { stage: 'generating_evaluation', current: null, total: null, updatedAt: '' },
    };
    expect(processingSummary(document)).toEqual({
      kind: 'processing',
      text: 'Processing: Generating evaluation',
    });
    expect(
      processingSummary({ ...document, progress: { ...document.progress, stage: 'done' } }),
    ).toEqual({ kind: 'completed', text: 'Processing completed' });
    expect(processingSummary({ ...document, evaluationGenerationError: 'Too short' }).text).toBe(
      'Processing failed: Too short',
    );
  });
});

describe('viewerTabsState', () => {
  it('closes Content and Evaluation, each with its reason, when processing failed without text', () => {
    expect(
      viewerTabsState({
        sopProcessed: false,
        sopError: 'No text',
        processingError: 'No text',
        markdownS3Key: null,
      }),
    ).toEqual({
      content: 'No content: processing failed',
      evaluation: 'No evaluation: processing failed, so there is no text to evaluate',
    });
  });

  it('opens both once the text exists, and Evaluation while a document is processed', () => {
    const open = { content: null, evaluation: null };
    const first = { sopError: null, processingError: null, markdownS3Key: null };
    expect(viewerTabsState({ ...first, sopProcessed: true, markdownS3Key: 'org/1/v1.md' })).toEqual(
      open,
    );
    expect(viewerTabsState({ ...first, sopProcessed: false })).toEqual({
      content: 'Available once processing completes',
      evaluation: null,
    });
  });

  it('keeps the content of the version processed last open while a new one is read or failed', () => {
    const earlier = { sopProcessed: false, markdownS3Key: 'org/1/v1.md' };
    expect(viewerTabsState({ ...earlier, sopError: null, processingError: null })).toEqual({
      content: null,
      evaluation: null,
    });
    expect(
      viewerTabsState({ ...earlier, sopError: 'No text', processingError: 'No text' }),
    ).toEqual({ content: null, evaluation: null });
  });
});
