import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { addFairly, type ObjectStorage } from '@hub/kit';
import { pdfJobId, pdfRunSupersededKey, type PdfProcessingJob } from '@hub/proto';
import { PDF_QUEUE, STORAGE } from '../config.js';
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
    @Inject(STORAGE) private readonly storage: ObjectStorage,
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

  /**
   * Removes a run's job if it still waits. One under way (it or a page job of it holds a lock)
   * cannot be removed: it is marked superseded instead, so its remaining pages are not read and
   * take no more of the organization's turns; its outcome is ignored.
   */
  async cancelRun(documentId: number, run: number): Promise<void> {
    const job = await this.queue.getJob(pdfJobId(documentId, run));
    if (!job) return;
    try {
      await job.remove();
    } catch (error) {
      this.logger.warn(`job of document ${documentId} not removed: ${String(error)}`);
      // Unmarked, the old run's pages are read for nothing, but the caller's new run still starts.
      await this.storage
        .put(pdfRunSupersededKey(job.data), Buffer.alloc(0), 'text/plain', 0)
        .catch((failure: unknown) =>
          this.logger.warn(`run ${run} of document ${documentId} not marked: ${String(failure)}`),
        );
    }
  }
}
