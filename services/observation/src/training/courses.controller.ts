import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { observationRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { CoursesService } from './courses.service.js';
import { MemberSopsRepository } from './member-sops.repository.js';

type Req<K extends keyof typeof observationRpc> = RpcRequest<(typeof observationRpc)[K]>;

@Controller()
export class CoursesController {
  constructor(
    private readonly courses: CoursesService,
    @Inject(MemberSopsRepository) private readonly sops: MemberSopsRepository,
  ) {}

  /** Between services: the library asks which SOPs a member may read. */
  @RpcHandler(observationRpc.memberSops)
  memberSops(@Payload() { organizationId, userId, documentId }: Req<'memberSops'>) {
    return this.sops.ofMember(organizationId, userId, documentId);
  }

  @RpcHandler(observationRpc.courses)
  list(@Payload() { actor, page }: Req<'courses'>) {
    return this.courses.list(actor, page);
  }

  @RpcHandler(observationRpc.createCourse)
  create(@Payload() { actor, course }: Req<'createCourse'>) {
    return this.courses.create(actor, course);
  }

  @RpcHandler(observationRpc.updateCourse)
  update(@Payload() { actor, courseId, course }: Req<'updateCourse'>) {
    return this.courses.update(actor, courseId, course);
  }

  @RpcHandler(observationRpc.deleteCourse)
  delete(@Payload() { actor, courseId }: Req<'deleteCourse'>) {
    return this.courses.delete(actor, courseId);
  }

  @RpcHandler(observationRpc.enroll)
  enroll(@Payload() { actor, courseId }: Req<'enroll'>) {
    return this.courses.enroll(actor, courseId);
  }

  @RpcHandler(observationRpc.rate)
  rate(@Payload() { actor, courseId, rating }: Req<'rate'>) {
    return this.courses.rate(actor, courseId, rating);
  }

  @RpcHandler(observationRpc.enrollments)
  enrollments(@Payload() { actor }: Req<'enrollments'>) {
    return this.courses.enrollments(actor);
  }
}
