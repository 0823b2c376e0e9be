import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { identityRpc, quizJobId, type QuizGenerationJob } from '@hub/proto';
import { addFairly, type RpcClient } from '@hub/kit';
import type { DocumentEntity } from '../documents/document.entity.js';
import { ProcessingRepository } from './processing.repository.js';

export { quizJobId };

/** Asks the quiz worker for an evaluation of a processed document, as a new generation run. */
export class QuizGeneration {
  private readonly runs: ProcessingRepository;

  constructor(
    db: DataSource,
    private readonly queue: Queue<QuizGenerationJob>,
    private readonly rpc: RpcClient,
  ) {
    this.runs = new ProcessingRepository(db);
  }

  async start(document: DocumentEntity): Promise<void> {
    if (!document.markdownKey || !document.textKey)
      throw new Error(`Document ${document.id} has no SOP text yet`);
    const { quizPrompts } = await this.rpc.call(identityRpc.currentPrompts, {});
    const run = document.evaluationRun + 1;
    // Conditional on the run read: of two starts at once, only one becomes the next run.
    if (!(await this.runs.startEvaluationRun(document, run))) return;
    const job: QuizGenerationJob = {
      documentId: document.id,
      organizationId: document.organizationId,
      run,
      title: document.title,
      markdownKey: document.markdownKey,
      textKey: document.textKey,
      prompt: quizPrompts,
    };
    // Organizations take turns on the quiz worker; the contract names the job (quizJobId).
    await addFairly(this.queue, 'generate', job);
  }
}
