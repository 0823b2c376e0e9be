import type { QuizWorkerConfig } from '../config.ts';
import type { EvaluationGenerator } from './evaluation-generator.ts';
import { GeminiGenerator } from './gemini/gemini-generator.ts';
import { OfflineGenerator } from './offline/offline-generator.ts';

/** Gemini when a key is configured, the offline generator otherwise. */
export function createGenerator(config: QuizWorkerConfig): EvaluationGenerator {
  if (!config.GEMINI_API_KEY) return new OfflineGenerator();
  return new GeminiGenerator({
    apiKey: config.GEMINI_API_KEY,
    model: config.GEMINI_MODEL,
    baseUrl: config.GEMINI_BASE_URL,
    requestTimeoutMs: config.QUIZ_JOB_TIMEOUT_MS,
  });
}
