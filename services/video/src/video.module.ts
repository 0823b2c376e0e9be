import { type DynamicModule, Module } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import type { VideoAnalysisJob, VideoProbeJob } from '@hub/proto';
import type { ObjectStorage, RpcClient } from '@hub/kit';
import { ANALYSIS_DISPATCH, ANALYSIS_QUEUE, PROBE_QUEUE, RPC, STORAGE } from './config.js';
import { FaceEnrolments } from './faces/face-enrolments.js';
import { HealthController } from './health/health.controller.js';
import type { AnalysisDispatch } from './processing/analysis-dispatch.js';
import { VideosController } from './videos/videos.controller.js';
import { VideosService } from './videos/videos.service.js';
import { Appearances } from './reporting/appearances.js';
import { FaceEnrolmentsRepository } from './faces/face-enrolments.repository.js';
import { VideosRepository } from './videos/videos.repository.js';

export interface VideoPorts {
  dataSource: DataSource;
  storage: ObjectStorage;
  rpc: RpcClient;
  analysisQueue: Queue<VideoAnalysisJob>;
  probeQueue: Queue<VideoProbeJob>;
  analysisDispatch: AnalysisDispatch;
}

@Module({})
export class VideoModule {
  static register(ports: VideoPorts): DynamicModule {
    return {
      module: VideoModule,
      controllers: [VideosController, HealthController],
      providers: [
        { provide: DataSource, useValue: ports.dataSource },
        { provide: STORAGE, useValue: ports.storage },
        { provide: RPC, useValue: ports.rpc },
        { provide: ANALYSIS_QUEUE, useValue: ports.analysisQueue },
        { provide: PROBE_QUEUE, useValue: ports.probeQueue },
        { provide: ANALYSIS_DISPATCH, useValue: ports.analysisDispatch },
        FaceEnrolments,
        VideosService,
        Appearances,
        FaceEnrolmentsRepository,
        VideosRepository,
      ],
    };
  }
}
