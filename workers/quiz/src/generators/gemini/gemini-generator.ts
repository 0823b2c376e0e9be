import {
  GoogleGenerativeAI,
  GoogleGenerativeAIAbortError,
  GoogleGenerativeAIError,
  GoogleGenerativeAIFetchError,
  GoogleGenerativeAIRequestInputError,
  GoogleGenerativeAIResponseError,
  type GenerativeModel,
} from '@google/generative-ai';
import { type AuthoredQuestion, type EvaluationDraft, FAILURE_REASONS } from '@hub/proto/jobs';
import {
  aiRefusalCause,
  isNetworkFailure,
  keepingFetchFailures,
  logger,
  networkCause,
} from '@hub/runtime';
import { splitIntoChunks } from '../../chunking.ts';
import {
  checkDraft,
  type DraftCheck,
  GenerationFailure,
  type EvaluationGenerator,
  type GeneratedEvaluation,
  type GenerationInput,
} from '../evaluation-generator.ts';
import { EVALUATION_SCHEMA, instructions, sopMessage } from './prompt.ts';
import { sopLanguage } from '../sop-language.ts';
import { mergeDrafts } from './merge.ts';
import { hashText, seededRandom, shuffled } from '../offline/seeded-random.ts';

export interface GeminiSettings {
  apiKey: string;
  model: string;
  /** Another server speaking the Gemini REST API (tests, proxies); Google's by default. */
  baseUrl?: string | undefined;
  /** Longest SOP text sent in one request; longer SOPs are split by section. */
  maxChunkChars?: number;
  maxQuestions?: number;
  /** Answers asked for per chunk before giving up on invalid ones. */
  attempts?: number;
  requestTimeoutMs?: number;
}

const MAX_LEARNING_POINTS = 30;

const log = logger('gemini');

/** Removes the SDK's prefix and the request URL, which mean nothing to a reader. */
function cleanMessage(error: Error): string {
  return error.message
    .replace(/^\[GoogleGenerativeAI Error\]:\s*/, '')
    .replace(/^Error fetching from \S+: /, '')
    .replace(/^\[\d{3}[^\]]*\]\s*/, '')
    .trim();
}

/** Problems reaching the provider; an invalid answer is handled by asking again instead. */
export function providerFailure(error: unknown, signal?: AbortSignal): unknown {
  if (error instanceof GoogleGenerativeAIResponseError) return null;
  if (signal?.aborted) return signal.reason ?? error;
  if (error instanceof GoogleGenerativeAIFetchError && error.status !== undefined) {
    // The provider's message is logged; the reason words the refusal by its status.
    log.warn({ err: error, status: error.status }, 'AI provider refused the request');
    const retryable = error.status === 429 || error.status >= 500;
    return new GenerationFailure(
      `The AI provider refused the request (HTTP ${error.status}): ${aiRefusalCause(error.status)}`,
      retryable,
    );
  }
  if (error instanceof GoogleGenerativeAIAbortError) {
    return new GenerationFailure('The AI provider did not answer in time.', true);
  }
  // A request the SDK would not send never reached the provider, nor failed on the way: it is
  // ours to fix, and the same request would fail again.
  if (error instanceof GoogleGenerativeAIRequestInputError) {
    log.error({ err: error }, 'AI request not sent: the SDK found it invalid');
    return new GenerationFailure(
      `The evaluation could not be generated: ${FAILURE_REASONS.ai_request_invalid}`,
    );
  }
  // The SDK's own error for a fetch that failed (its cause given back by keepingFetchFailures),
  // or the socket's error as it came when the answer's body was cut off.
  if (error instanceof GoogleGenerativeAIError || isNetworkFailure(error)) {
    log.warn({ err: error }, 'AI provider not reached');
    return new GenerationFailure(
      `The AI provider could not be reached: ${networkCause(error)}`,
      true,
    );
  }
  return error;
}

/**
 * The question with its options in an order of their own. A model puts the right answer in the
 * same place most of the time (first or second), which an operator answering aloud soon learns;
 * the offline generator shuffles its options too. Seeded by the question: one answer of the
 * model gives one evaluation.
 */
function answerPlaced(question: AuthoredQuestion): AuthoredQuestion {
  const order = shuffled(
    question.options.map((_, index) => index),
    seededRandom(hashText(question.text)),
  );
  return {
    ...question,
    options: order.map((index) => question.options[index]!),
    correctIndex: order.indexOf(question.correctIndex),
  };
}

/** The answer's draft, or its problem: in its own words for the log, in the catalog's for people. */
function parseAnswer(text: string): DraftCheck {
  const json = text.trim().replace(/^```(?:json)?\s*|\s*```$/g, '');
  if (json === '') {
    return { ok: false, problem: 'the answer is empty', cause: FAILURE_REASONS.quiz_answer_none };
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const problem = `the answer is not JSON (${error instanceof Error ? error.message : String(error)})`;
    return { ok: false, problem, cause: FAILURE_REASONS.quiz_answer_not_json };
  }
  return checkDraft(value);
}

/** Evaluations written by Gemini, from the administrator's prompt and the SOP. */
export class GeminiGenerator implements EvaluationGenerator {
  readonly kind = 'gemini' as const;
  private readonly model: GenerativeModel;
  private readonly settings: Required<Omit<GeminiSettings, 'baseUrl'>>;

  constructor(settings: GeminiSettings) {
    this.settings = {
      apiKey: settings.apiKey,
      model: settings.model,
      maxChunkChars: settings.maxChunkChars ?? 30_000,
      maxQuestions: settings.maxQuestions ?? 30,
      attempts: settings.attempts ?? 3,
      requestTimeoutMs: settings.requestTimeoutMs ?? 120_000,
    };
    this.model = new GoogleGenerativeAI(settings.apiKey).getGenerativeModel(
      { model: settings.model },
      {
        timeout: this.settings.requestTimeoutMs,
        ...(settings.baseUrl ? { baseUrl: settings.baseUrl.replace(/\/+$/, '') } : {}),
      },
    );
  }

  async generate(input: GenerationInput): Promise<GeneratedEvaluation> {
    const source = input.markdown.trim() !== '' ? input.markdown : input.text;
    const chunks = splitIntoChunks(source, this.settings.maxChunkChars);
    if (chunks.length === 0) {
      throw new GenerationFailure('The SOP text is too short to generate an evaluation.');
    }
    const perChunk = Math.max(
      3,
      Math.min(15, Math.ceil(this.settings.maxQuestions / chunks.length)),
    );
    // Questions in the SOP's own language: a Spanish SOP is read by Spanish speakers.
    const system = instructions(input.prompt, perChunk, sopLanguage(input));
    const drafts: EvaluationDraft[] = [];
    for (const [index, chunk] of chunks.entries()) {
      const message = sopMessage(input.title, chunk, index + 1, chunks.length);
      drafts.push(await this.generateChunk(system, message, input.signal));
    }
    const merged = mergeDrafts(drafts, {
      maxQuestions: this.settings.maxQuestions,
      maxLearningPoints: MAX_LEARNING_POINTS,
    });
    return {
      draft: { ...merged, questions: merged.questions.map(answerPlaced) },
      generator: 'gemini',
      generatorModel: this.settings.model,
      promptUsed: system,
    };
  }

  private async generateChunk(
    system: string,
    message: string,
    signal?: AbortSignal,
  ): Promise<EvaluationDraft> {
    // The last answer's problem in the catalog's words: the answer's own (a question the model
    // wrote, a schema's message, the provider's reason for blocking it) are only logged.
    let cause: string = FAILURE_REASONS.quiz_answer_none;
    const { attempts } = this.settings;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let text: string;
      try {
        // Through keepingFetchFailures: the SDK drops the cause of a fetch that failed.
        const result = await keepingFetchFailures(() =>
          this.model.generateContent(
            {
              systemInstruction: system,
              contents: [{ role: 'user', parts: [{ text: message }] }],
              generationConfig: {
                responseMimeType: 'application/json',
                responseSchema: EVALUATION_SCHEMA,
                temperature: 0.3,
              },
            },
            signal ? { signal } : {},
          ),
        );
        text = result.response.text();
      } catch (error) {
        const failure = providerFailure(error, signal);
        if (failure) throw failure;
        // A blocked or empty answer: asking again may give a usable one.
        const problem = error instanceof Error ? cleanMessage(error) : String(error);
        log.warn({ attempt, attempts, problem }, 'AI answer not usable: blocked or empty');
        cause = FAILURE_REASONS.quiz_answer_none;
        continue;
      }
      const parsed = parseAnswer(text);
      if (parsed.ok) return parsed.draft;
      log.warn({ attempt, attempts, problem: parsed.problem }, 'AI answer not a valid evaluation');
      cause = parsed.cause;
    }
    throw new GenerationFailure(`The AI answer was not a valid evaluation: ${cause}`);
  }
}
