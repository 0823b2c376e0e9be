import { z } from 'zod';
import { defineRoute } from '../http.js';
import { videoRpc } from '../rpc/video.js';
import { STAFF_ROLES } from '../roles.js';
import { VIDEO_UPLOAD } from '../uploads.js';
import {
  AnalyzeVideoRequest,
  Video,
  VideoList,
  VideoListQuery,
  VideoWithReport,
} from '../video.js';
import { IdParams } from '../row-id.js';

export const videoRoutes = {
  videos: defineRoute({
    method: 'GET',
    path: '/api/videos',
    summary: 'Performance videos of your organization (search; cursor-paged, 50 a page)',
    tag: 'videos',
    access: STAFF_ROLES,
    query: VideoListQuery,
    response: VideoList,
    paged: { items: 'videos' },
    relay: { rpc: videoRpc.list, request: ({ actor, query }) => ({ actor, ...query }) },
  }),
  uploadVideo: defineRoute({
    method: 'POST',
    path: '/api/videos/upload',
    summary:
      'Upload a video (fields title, description, recordingDate, linkedSops, then file; MP4, MPEG, MOV, AVI up to 2 GB)',
    tag: 'videos',
    access: STAFF_ROLES,
    response: Video,
    upload: VIDEO_UPLOAD,
  }),
  video: defineRoute({
    method: 'GET',
    path: '/api/videos/:id',
    summary: 'A video with its analysis report',
    tag: 'videos',
    access: STAFF_ROLES,
    params: IdParams,
    response: VideoWithReport,
    relay: { rpc: videoRpc.get, request: ({ actor, params }) => ({ actor, videoId: params.id }) },
  }),
  deleteVideo: defineRoute({
    method: 'DELETE',
    path: '/api/videos/:id',
    summary: 'Delete a video, its stored file and its analysis',
    tag: 'videos',
    access: STAFF_ROLES,
    audit: 'video.delete',
    params: IdParams,
    response: z.object({ message: z.string() }),
    relay: {
      rpc: videoRpc.delete,
      request: ({ actor, params }) => ({ actor, videoId: params.id }),
    },
  }),
  analyzeVideo: defineRoute({
    method: 'POST',
    path: '/api/videos/:id/analyze',
    summary:
      'Analyse the video against processed SOPs: who appears, and (with an AI provider) each SOP step',
    tag: 'videos',
    access: STAFF_ROLES,
    params: IdParams,
    body: AnalyzeVideoRequest,
    response: Video,
    relay: {
      rpc: videoRpc.analyze,
      request: ({ actor, params, body }) => ({
        actor,
        videoId: params.id,
        sopIds: body.linkedSOPs,
      }),
    },
  }),
  videoStream: defineRoute({
    method: 'GET',
    path: '/api/videos/stream/:key',
    summary: 'Stream a video of your organization by its storage key, with HTTP Range for seeking',
    tag: 'videos',
    access: STAFF_ROLES,
    params: z.object({ key: z.string().min(1).max(1000) }),
    response: z.any(),
  }),
} as const;
