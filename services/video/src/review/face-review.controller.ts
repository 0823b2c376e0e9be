import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type RpcRequest, videoRpc } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { FaceReviewService } from './face-review.service.js';

/** RpcHandler checks the contract's roles; the service scopes the video to the organization. */
@Controller()
export class FaceReviewController {
  constructor(private readonly reviews: FaceReviewService) {}

  @RpcHandler(videoRpc.reviewFace)
  review(@Payload() { actor, videoId, faceId, review }: RpcRequest<typeof videoRpc.reviewFace>) {
    return this.reviews.review(actor, videoId, faceId, review);
  }
}
