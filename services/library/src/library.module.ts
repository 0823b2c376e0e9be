import { type DynamicModule, Module } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { PdfProcessingJob } from '@hub/proto';
import { type ObjectStorage, Outbox, RpcClient, WebhookAnnouncer } from '@hub/kit';
import {
  LIBRARY_CONFIG,
  type LibraryConfig,
  PDF_QUEUE,
  QUIZ_GENERATION,
  STORAGE,
} from './config.js';
import { DocumentsController } from './documents/documents.controller.js';
import { DocumentsService } from './documents/documents.service.js';
import { FoldersAndTagsController } from './folders/folders.controller.js';
import { FoldersService } from './folders/folders.service.js';
import { HealthController } from './health/health.controller.js';
import { PdfProcessing } from './processing/pdf-processing.js';
import { TagsService } from './tags/tags.service.js';
import { EvaluationsController } from './evaluations/evaluations.controller.js';
import { EvaluationsService } from './evaluations/evaluations.service.js';
import type { QuizGeneration } from './processing/quiz-generation.js';
import { VersionsController } from './versions/versions.controller.js';
import { VersionsService } from './versions/versions.service.js';
import { AcknowledgementsController } from './acknowledgements/acknowledgements.controller.js';
import { AcknowledgementsService } from './acknowledgements/acknowledgements.service.js';
import { MySopsController } from './my-sops/my-sops.controller.js';
import { MySopsService } from './my-sops/my-sops.service.js';
import { DocumentsRepository } from './documents/documents.repository.js';
import { EvaluationsRepository } from './evaluations/evaluations.repository.js';
import { FoldersRepository } from './folders/folders.repository.js';
import { ProcessingRepository } from './processing/processing.repository.js';
import { TagsRepository } from './tags/tags.repository.js';
import { VersionsRepository } from './versions/versions.repository.js';
import { AcknowledgementsRepository } from './acknowledgements/acknowledgements.repository.js';
import { MySopsRepository } from './my-sops/my-sops.repository.js';
import { OnboardingController } from './onboarding/onboarding.controller.js';
import { OnboardingFactsRepository } from './onboarding/onboarding-facts.repository.js';
import { ExportController } from './export/export.controller.js';

export interface LibraryPorts {
  dataSource: DataSource;
  storage: ObjectStorage;
  pdfQueue: Queue<PdfProcessingJob>;
  quiz: QuizGeneration;
  rpc: RpcClient;
  webhooks: WebhookAnnouncer;
  /** Where the service's domain events are written, each with its change. */
  outbox: Outbox;
}

@Module({})
export class LibraryModule {
  static register(config: LibraryConfig, ports: LibraryPorts): DynamicModule {
    return {
      module: LibraryModule,
      controllers: [
        ExportController,
        DocumentsController,
        FoldersAndTagsController,
        EvaluationsController,
        VersionsController,
        AcknowledgementsController,
        MySopsController,
        HealthController,
        OnboardingController,
      ],
      providers: [
        { provide: LIBRARY_CONFIG, useValue: config },
        { provide: DataSource, useValue: ports.dataSource },
        OnboardingFactsRepository,
        { provide: STORAGE, useValue: ports.storage },
        { provide: PDF_QUEUE, useValue: ports.pdfQueue },
        { provide: QUIZ_GENERATION, useValue: ports.quiz },
        { provide: RpcClient, useValue: ports.rpc },
        { provide: WebhookAnnouncer, useValue: ports.webhooks },
        { provide: Outbox, useValue: ports.outbox },
        EvaluationsService,
        DocumentsService,
        VersionsService,
        AcknowledgementsService,
        MySopsService,
        FoldersService,
        TagsService,
        PdfProcessing,
        DocumentsRepository,
        EvaluationsRepository,
        FoldersRepository,
        ProcessingRepository,
        TagsRepository,
        VersionsRepository,
        AcknowledgementsRepository,
        MySopsRepository,
      ],
    };
  }
}
