import { type DynamicModule, Module } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { PdfProcessingJob } from '@hub/proto';
import type { ObjectStorage } from '@hub/kit';
import { LIBRARY_CONFIG, type LibraryConfig, PDF_QUEUE, STORAGE } from './config.js';
import { DocumentsController } from './documents/documents.controller.js';
import { DocumentsService } from './documents/documents.service.js';
import { FoldersAndTagsController } from './folders/folders.controller.js';
import { FoldersService } from './folders/folders.service.js';
import { HealthController } from './health/health.controller.js';
import { PdfProcessing } from './processing/pdf-processing.js';
import { TagsService } from './tags/tags.service.js';

export interface LibraryPorts {
  dataSource: DataSource;
  storage: ObjectStorage;
  pdfQueue: Queue<PdfProcessingJob>;
}

@Module({})
export class LibraryModule {
  static register(config: LibraryConfig, ports: LibraryPorts): DynamicModule {
    return {
      module: LibraryModule,
      controllers: [DocumentsController, FoldersAndTagsController, HealthController],
      providers: [
        { provide: LIBRARY_CONFIG, useValue: config },
        { provide: DataSource, useValue: ports.dataSource },
        { provide: STORAGE, useValue: ports.storage },
        { provide: PDF_QUEUE, useValue: ports.pdfQueue },
        DocumentsService,
        FoldersService,
        TagsService,
        PdfProcessing,
      ],
    };
  }
}
