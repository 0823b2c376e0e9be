import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { addFairly } from '@hub/kit';
import { pdfJobId, type PdfProcessingJob } from '@hub/proto';
import { PDF_QUEUE } from '../config.js';
import type { DocumentEntity } from '../documents/document.entity.js';
import { VersionsRepository } from '../versions/versions.repository.js';
import { ProcessingRepository } from './processing.repository.js';

export { pdfJobId };

/** Starts, restarts and cancels the PDF worker's job of a document. */
@Injectable()
export class PdfProcessing {
  private readonly logger = new Logger('PdfProcessing');

  constructor(
    @Inject(ProcessingRepository) private readonly runs: ProcessingRepository,
    @Inject(VersionsRepository) private readonly versions: VersionsRepository,
    @Inject(PDF_QUEUE) private readonly queue: Queue<PdfProcessingJob>,
  ) {}

  async enqueue(document: DocumentEntity): Promise<void> {
    const job: PdfProcessingJob = {
      documentId: document.id,
      organizationId: document.organizationId,
      sourceKey: document.sourceKey,
      outputPrefix: document.storagePrefix,
      run: document.processingRun,
    };
    // The job id (the contract's pdfJobId) makes a second enqueue of the same run a no-op;
    // organizations take turns.
    await addFairly(this.queue, 'process', job);
  }

  async restart(document: DocumentEntity): Promise<void> {
    const previous = document.processingRun;
    document.processingRun += 1;
    // Conditional on the run read: two retries at once start one new run, not two.
    if (!(await this.runs.restartRun(document, previous))) return;
    await this.versions.recordRestart(document.id, document.currentVersion, document.processingRun);
    await this.enqueue(document);
  }

  async cancel(document: DocumentEntity): Promise<void> {
    await this.cancelRun(document.id, document.processingRun);
  }

  /** Removes a run's job if it still waits; a job already running finishes, and is ignored. */
  async cancelRun(documentId: number, run: number): Promise<void> {
    const job = await this.queue.getJob(pdfJobId(documentId, run));
    await job
      ?.remove()
      .catch((error: unknown) =>
        this.logger.warn(`job of document ${documentId} not removed: ${String(error)}`),
      );
  }
}
