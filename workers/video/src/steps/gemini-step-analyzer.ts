import {
  GoogleGenerativeAI,
  GoogleGenerativeAIAbortError,
  GoogleGenerativeAIError,
  GoogleGenerativeAIFetchError,
  GoogleGenerativeAIRequestInputError,
  GoogleGenerativeAIResponseError,
  type GenerativeModel,
  type RequestOptions,
} from '@google/generative-ai';
import { FileState, GoogleAIFileManager } from '@google/generative-ai/server';
import { FAILURE_REASONS, SopFindings } from '@hub/proto/jobs';
import {
  aiRefusalCause,
  isNetworkFailure,
  keepingFetchFailures,
  logger,
  networkCause,
} from '@hub/runtime';
import { z } from 'zod';
import { VideoFailure } from '../failures.ts';
import { stepPrompt } from './prompt.ts';
import { uploadResumable } from './resumable-upload.ts';
import type { StepAnalysisInput, StepAnalyzer } from './step-analyzer.ts';

export interface GeminiSettings {
  apiKey: string;
  model: string;
  /** Another server speaking the Gemini REST API (tests, proxies); Google's by default. */
  baseUrl?: string | undefined;
  requestTimeoutMs?: number;
  /** How long an uploaded video may stay in PROCESSING before we give up. */
  processingTimeoutMs?: number;
  pollIntervalMs?: number;
  /** The video goes up in chunks of this many bytes (a multiple of 256 KiB); 8 MiB by default. */
  uploadChunkBytes?: number;
}

const GOOGLE_API = 'https://generativelanguage.googleapis.com';

const Answer = z.object({ sops: z.array(SopFindings) });

const log = logger('gemini');

/** Problems with the provider, in words; 429 and 5xx may pass on a later attempt. */
export function providerFailure(error: unknown): unknown {
  if (error instanceof VideoFailure) return error;
  if (error instanceof GoogleGenerativeAIFetchError && error.status !== undefined) {
    // The provider's message is logged; the reason words the refusal by its status.
    log.warn({ err: error, status: error.status }, 'AI provider refused the request');
    return new VideoFailure(
      `The AI provider refused the request (HTTP ${error.status}): ${aiRefusalCause(error.status)}`,
      error.status === 429 || error.status >= 500,
    );
  }
  if (error instanceof GoogleGenerativeAIAbortError) {
    return new VideoFailure('The AI provider did not answer in time.', true);
  }
  // A request the SDK would not send never reached the provider, nor failed on the way: it is
  // ours to fix, and the same request would fail again.
  if (error instanceof GoogleGenerativeAIRequestInputError) {
    log.error({ err: error }, 'AI request not sent: the SDK found it invalid');
    return new VideoFailure(
      `The video could not be analysed: ${FAILURE_REASONS.ai_request_invalid}`,
    );
  }
  // An answer blocked or empty is no connection's failure: it is an unexpected one (logged, said
  // generically), never 'could not be reached'. The SDK's own error for a fetch that failed has
  // its cause given back by keepingFetchFailures; a body cut off comes as the socket's error.
  const reached = error instanceof GoogleGenerativeAIResponseError;
  if ((error instanceof GoogleGenerativeAIError && !reached) || isNetworkFailure(error)) {
    log.warn({ err: error }, 'AI provider not reached');
    return new VideoFailure(`The AI provider could not be reached: ${networkCause(error)}`, true);
  }
  return error;
}

const delay = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new Error('Aborted'));
      },
      { once: true },
    );
  });

/** Gemini watches the uploaded video and answers per SOP step. */
export class GeminiStepAnalyzer implements StepAnalyzer {
  readonly model: string;
  private readonly settings: Required<Omit<GeminiSettings, 'baseUrl' | 'uploadChunkBytes'>>;
  private readonly baseUrl: string;
  private readonly uploadChunkBytes: number | undefined;
  private readonly requestOptions: RequestOptions;
  private readonly files: GoogleAIFileManager;
  private readonly generator: GenerativeModel;

  constructor(settings: GeminiSettings) {
    this.model = settings.model;
    this.settings = {
      apiKey: settings.apiKey,
      model: settings.model,
      requestTimeoutMs: settings.requestTimeoutMs ?? 600_000,
      processingTimeoutMs: settings.processingTimeoutMs ?? 600_000,
      pollIntervalMs: settings.pollIntervalMs ?? 2000,
    };
    this.baseUrl = (settings.baseUrl ?? GOOGLE_API).replace(/\/+$/, '');
    this.uploadChunkBytes = settings.uploadChunkBytes;
    this.requestOptions = {
      timeout: this.settings.requestTimeoutMs,
      ...(settings.baseUrl ? { baseUrl: settings.baseUrl.replace(/\/+$/, '') } : {}),
    };
    this.files = new GoogleAIFileManager(settings.apiKey, this.requestOptions);
    this.generator = new GoogleGenerativeAI(settings.apiKey).getGenerativeModel(
      { model: settings.model, generationConfig: { responseMimeType: 'application/json' } },
      this.requestOptions,
    );
  }

  async analyse(input: StepAnalysisInput): Promise<SopFindings[]> {
    try {
      // The SDK drops the cause of a fetch that failed; keepingFetchFailures gives it back.
      return await keepingFetchFailures(() => this.analyseNow(input));
    } catch (error) {
      throw providerFailure(error);
    }
  }

  private async analyseNow(input: StepAnalysisInput): Promise<SopFindings[]> {
    const { signal } = input;
    // Not the SDK's uploadFile, which reads the whole file into memory (Gemini takes up to 2 GB):
    // the video goes up from its temp file one chunk at a time.
    let file = await uploadResumable({
      baseUrl: this.baseUrl,
      apiKey: this.settings.apiKey,
      path: input.videoPath,
      mimeType: input.mimeType,
      displayName: 'video',
      requestTimeoutMs: this.settings.requestTimeoutMs,
      chunkBytes: this.uploadChunkBytes,
      signal,
    });
    try {
      const deadline = Date.now() + this.settings.processingTimeoutMs;
      while (file.state === FileState.PROCESSING) {
        if (Date.now() > deadline) {
          throw new VideoFailure('The AI provider took too long to prepare the video.', true);
        }
        await delay(this.settings.pollIntervalMs, signal);
        file = await this.files.getFile(file.name, signal ? { signal } : {});
      }
      if (file.state === FileState.FAILED) {
        throw new VideoFailure(
          `The AI provider could not read the video: ${file.error?.message ?? 'no details given'}`,
        );
      }
      const result = await this.generator.generateContent(
        [
          { fileData: { mimeType: file.mimeType || input.mimeType, fileUri: file.uri } },
          { text: stepPrompt(input.prompt, input.sops) },
        ],
        signal ? { signal } : {},
      );
      return this.findings(result.response.text(), input);
    } finally {
      await this.files.deleteFile(file.name).catch(() => undefined);
    }
  }

  private findings(text: string, input: StepAnalysisInput): SopFindings[] {
    let value: unknown;
    try {
      value = JSON.parse(text.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
    } catch {
      throw new VideoFailure('The AI provider did not answer with JSON.', true);
    }
    const parsed = Answer.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new VideoFailure(
        `The AI provider's answer is not in the expected shape ` +
          `(${issue?.path.join('.') || 'answer'}: ${issue?.message ?? 'invalid'}).`,
        true,
      );
    }
    // Only the linked SOPs, with the titles we know: the model may rename or invent some.
    return input.sops.map((sop) => {
      const found = parsed.data.sops.find((candidate) => candidate.sopId === sop.sopId);
      return found
        ? { ...found, sopId: sop.sopId, sopTitle: sop.sopTitle }
        : {
            sopId: sop.sopId,
            sopTitle: sop.sopTitle,
            steps: [],
            summary: 'The AI provider said nothing about this SOP.',
          };
    });
  }
}
