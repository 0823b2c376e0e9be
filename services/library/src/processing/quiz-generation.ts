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
    const sop = sopText(document);
    const prompt = await this.prompt();
    const run = document.evaluationRun + 1;
    // Conditional on the run read: of two starts at once, only one becomes the next run.
    if (!(await this.runs.startEvaluationRun(document, run))) return;
    // The run replaced (a Regenerate while a generation waits): its result would be ignored, so
    // its job goes rather than asking the AI for nothing.
    await this.cancel(document);
    await this.add(document, run, sop, prompt);
  }

  /**
   * Asks for a generation run already recorded (LibraryInbox records one with the processing it
   * follows). Asking twice adds nothing: the job's id names the run.
   */
  async request(document: DocumentEntity, run: number): Promise<void> {
    await this.add(document, run, sopText(document), await this.prompt());
  }

  /**
   * Removes the job of the document's generation run `evaluationRun` while it still waits (the
   * document is deleted, or a newer run replaced it), so the quiz worker neither spends a turn of
   * the organization nor asks the AI for it. One already under way is locked and cannot be
   * removed: its result is ignored (a newer run) or finds no document (deleted).
   */
  async cancel(document: Pick<DocumentEntity, 'id' | 'evaluationRun'>): Promise<void> {
    const job = await this.queue.getJob(quizJobId(document.id, document.evaluationRun));
    await job?.remove().catch(() => undefined);
  }

  private async prompt(): Promise<string> {
    return (await this.rpc.call(identityRpc.currentPrompts, {})).quizPrompts;
  }

  private async add(document: DocumentEntity, run: number, sop: SopText, prompt: string) {
    const job: QuizGenerationJob = {
      documentId: document.id,
      organizationId: document.organizationId,
      run,
      title: document.title,
      ...sop,
      prompt,
    };
    // Organizations take turns on the quiz worker; the contract names the job (quizJobId).
    await addFairly(this.queue, 'generate', job);
  }
}

type SopText = Pick<QuizGenerationJob, 'markdownKey' | 'textKey'>;

function sopText(document: DocumentEntity): SopText {
  if (!document.markdownKey || !document.textKey)
    throw new Error(`Document ${document.id} has no SOP text yet`);
  return { markdownKey: document.markdownKey, textKey: document.textKey };
}
