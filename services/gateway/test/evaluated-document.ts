import { api } from '@hub/proto';
import type { ApiSession } from './test-stack.js';

export type EvaluatedDocument = {
  evaluationGenerated: boolean;
  evaluationId: number;
};

/**
 * The document once the stack's pdf and quiz workers have generated its evaluation, asked every
 * 250 ms until `timeoutMs`.
 */
export async function evaluatedDocument(
  session: ApiSession,
  id: number,
  timeoutMs = 60_000,
): Promise<EvaluatedDocument> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const document = await session.call(api.document, { params: { id } });
    const { evaluationGenerated, evaluationId } = document;
    if (evaluationGenerated && evaluationId !== null) return { evaluationGenerated, evaluationId };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no evaluation within ${timeoutMs / 1000} s`);
}
