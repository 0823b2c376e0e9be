import { type DynamicModule, Module } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { FaceEnrolmentJob, VideoAnalysisJob, VideoProbeJob } from '@hub/proto';
import type { ObjectStorage, RpcClient } from '@hub/kit';
import {
  ANALYSIS_DISPATCH,
  ANALYSIS_QUEUE,
  ENROLMENT_QUEUE,
  PROBE_QUEUE,
  RPC,
  STORAGE,
} from './config.js';
import { FaceReferencesController } from './faces/face-references.controller.js';
import { FaceReferencesRepository } from './faces/face-references.repository.js';
import { FaceReferencesService } from './faces/face-references.service.js';
import { FaceLearning } from './review/face-learning.js';
import { FaceReviewController } from './review/face-review.controller.js';
import { FaceReviewRepository } from './review/face-review.repository.js';
import { FaceReviewService } from './review/face-review.service.js';
import { FaceEnrolments } from './faces/face-enrolments.js';
import { HealthController } from './health/health.controller.js';
import type { AnalysisDispatch } from './processing/analysis-dispatch.js';
import { UnknownPeopleController } from './unknown-people/unknown-people.controller.js';
import { UnknownPeopleRepository } from './unknown-people/unknown-people.repository.js';
import { UnknownPeopleService } from './unknown-people/unknown-people.service.js';
import { VideosController } from './videos/videos.controller.js';
import { VideosService } from './videos/videos.service.js';
import { Appearances } from './reporting/appearances.js';
import { FaceEnrolmentsRepository } from './faces/face-enrolments.repository.js';
import { VideosRepository } from './videos/videos.repository.js';
import { ExportController } from './export/export.controller.js';

export interface VideoPorts {
  dataSource: DataSource;
  storage: ObjectStorage;
  rpc: RpcClient;
  analysisQueue: Queue<VideoAnalysisJob>;
  probeQueue: Queue<VideoProbeJob>;
  enrolmentQueue: Queue<FaceEnrolmentJob>;
  analysisDispatch: AnalysisDispatch;
}

@Module({})
export class VideoModule {
  static register(ports: VideoPorts): DynamicModule {
    return {
      module: VideoModule,
      controllers: [
        ExportController,
        VideosController,
        FaceReferencesController,
        FaceReviewController,
        UnknownPeopleController,
        HealthController,
      ],
      providers: [
        { provide: DataSource, useValue: ports.dataSource },
        { provide: STORAGE, useValue: ports.storage },
        { provide: RPC, useValue: ports.rpc },
        { provide: ANALYSIS_QUEUE, useValue: ports.analysisQueue },
        { provide: PROBE_QUEUE, useValue: ports.probeQueue },
        { provide: ENROLMENT_QUEUE, useValue: ports.enrolmentQueue },
        { provide: ANALYSIS_DISPATCH, useValue: ports.analysisDispatch },
        FaceEnrolments,
        VideosService,
        Appearances,
        FaceEnrolmentsRepository,
        VideosRepository,
        FaceReferencesService,
        FaceReferencesRepository,
        FaceReviewService,
        FaceReviewRepository,
        FaceLearning,
        UnknownPeopleService,
        UnknownPeopleRepository,
      ],
    };
  }
}
