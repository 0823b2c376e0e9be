import { Controller, Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Payload } from '@nestjs/microservices';
import { type RpcRequest, videoRpc } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { FaceEnrolments } from '../faces/face-enrolments.js';
import { Appearances } from '../reporting/appearances.js';
import { videoWork } from '../reporting/hub-activity.js';
import { VideosService } from './videos.service.js';

type Req<K extends keyof typeof videoRpc> = RpcRequest<(typeof videoRpc)[K]>;

/** RpcHandler checks each contract's roles again; the service scopes every query to the actor's organization. */
@Controller()
export class VideosController {
  constructor(
    private readonly videos: VideosService,
    private readonly appearances: Appearances,
    private readonly faces: FaceEnrolments,
    @Inject(DataSource) private readonly db: DataSource,
  ) {}

  /** Staff only: an operator gets an empty list (the Hub asks for every role). */
  @RpcHandler(videoRpc.hubActivity)
  hubActivity(@Payload() { actor, limit }: Req<'hubActivity'>) {
    return videoWork(this.db, actor, limit);
  }

  @RpcHandler(videoRpc.list)
  list(@Payload() { actor, search, limit, cursor }: Req<'list'>) {
    return this.videos.list(actor, search, limit, cursor);
  }

  @RpcHandler(videoRpc.get)
  get(@Payload() { actor, videoId }: Req<'get'>) {
    return this.videos.get(actor, videoId);
  }

  @RpcHandler(videoRpc.create)
  create(@Payload() request: Req<'create'>) {
    return this.videos.create(request);
  }

  @RpcHandler(videoRpc.delete)
  delete(@Payload() { actor, videoId }: Req<'delete'>) {
    return this.videos.delete(actor, videoId);
  }

  @RpcHandler(videoRpc.analyze)
  analyze(@Payload() { actor, videoId, sopIds }: Req<'analyze'>) {
    return this.videos.analyze(actor, videoId, sopIds);
  }

  @RpcHandler(videoRpc.streamKey)
  streamKey(@Payload() { actor, key }: Req<'streamKey'>) {
    return this.videos.streamKey(actor, key);
  }

  /** Asked by the observation service for a member's page; the organization scopes it. */
  @RpcHandler(videoRpc.memberVideoPage)
  memberVideoPage(@Payload() { organizationId, userId, page }: Req<'memberVideoPage'>) {
    return this.appearances.of(organizationId, userId, page);
  }

  /** The previous release's observation service, during a rolling upgrade (removed in the next). */
  @RpcHandler(videoRpc.appearancesOf)
  appearancesOf(@Payload() { organizationId, userId }: Req<'appearancesOf'>) {
    return this.appearances.everyVideoOf(organizationId, userId);
  }

  /** Asked by the integration service to identify a camera's snapshot: one organization only. */
  @RpcHandler(videoRpc.enrolments)
  enrolments(@Payload() { organizationId }: Req<'enrolments'>) {
    return this.faces.ofOrganization(organizationId);
  }

  /** Asked by the observation service's recommendations; the organization scopes it. */
  @RpcHandler(videoRpc.identificationGapCounts)
  identificationGapCounts(@Payload() { organizationId, limit }: Req<'identificationGapCounts'>) {
    return this.appearances.gaps(organizationId, limit);
  }

  /** The previous release's recommendations, during a rolling upgrade (removed in the next). */
  @RpcHandler(videoRpc.identificationGaps)
  identificationGaps(@Payload() { organizationId }: Req<'identificationGaps'>) {
    return this.appearances.gapVideos(organizationId, null);
  }
}
