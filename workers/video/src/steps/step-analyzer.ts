import type { SopFindings } from '@hub/proto/jobs';

export interface SopText {
  sopId: number;
  sopTitle: string;
  text: string;
}

export interface StepAnalysisInput {
  videoPath: string;
  mimeType: string;
  /** The super administrator's video analysis prompt. */
  prompt: string;
  sops: SopText[];
  signal?: AbortSignal;
}

/** Compares what the video shows with the steps of its SOPs. */
export interface StepAnalyzer {
  readonly model: string;
  analyse(input: StepAnalysisInput): Promise<SopFindings[]>;
}

export const NO_PROVIDER_MESSAGE =
  'Step analysis against the SOPs needs an AI provider: set GEMINI_API_KEY. ' +
  'Operator identification ran without it.';

const MIME_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/mov',
  mpeg: 'video/mpeg',
  mpg: 'video/mpeg',
  avi: 'video/avi',
  webm: 'video/webm',
};

export const videoMimeType = (key: string) =>
  MIME_TYPES[key.split('.').at(-1)?.toLowerCase() ?? ''] ?? 'video/mp4';
