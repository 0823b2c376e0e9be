import { Body, Controller, HttpCode, Inject, Param, Query } from '@nestjs/common';
import {
  type Actor,
  type PageRequest,
  api,
  type CreateFindingRequest,
  type CreateObservationRequest,
  type ObservationSettings,
  observationRpc,
  type RateCourseRequest,
  type ResponseSubmission,
  type SaveCourseRequest,
  teamRpc,
} from '@hub/proto';
import { RpcClient } from '@hub/kit';
import { CurrentActor } from '../http/current-actor.decorator.js';
import { Endpoint } from '../http/endpoint.decorator.js';

type IdParam = { id: number };

@Controller()
export class ObservationsController {
  constructor(@Inject(RpcClient) private readonly rpc: RpcClient) {}

  @Endpoint(api.teamMembers)
  team(@CurrentActor() actor: Actor) {
    return this.rpc.relay(teamRpc.members, { actor });
  }

  @Endpoint(api.observations)
  list(
    @CurrentActor() actor: Actor,
    @Query()
    query: {
      search?: string;
      status?: 'in_progress' | 'completed';
      limit: number;
      cursor?: string;
    },
  ) {
    return this.rpc.relay(observationRpc.list, { actor, ...query });
  }

  @Endpoint(api.createObservation)
  create(@CurrentActor() actor: Actor, @Body() request: CreateObservationRequest) {
    return this.rpc.relay(observationRpc.create, { actor, request });
  }

  @Endpoint(api.observationSettings)
  settings(@CurrentActor() actor: Actor) {
    return this.rpc.relay(observationRpc.settings, { actor });
  }

  @Endpoint(api.saveObservationSettings)
  saveSettings(@CurrentActor() actor: Actor, @Body() settings: ObservationSettings) {
    return this.rpc.relay(observationRpc.saveSettings, { actor, settings });
  }

  @Endpoint(api.observation)
  session(@CurrentActor() actor: Actor, @Param() params: IdParam) {
    return this.rpc.relay(observationRpc.session, { actor, observationId: params.id });
  }

  @Endpoint(api.observationResponse)
  @HttpCode(200)
  respond(
    @CurrentActor() actor: Actor,
    @Param() params: IdParam,
    @Body() submission: ResponseSubmission,
  ) {
    return this.rpc.relay(observationRpc.respond, { actor, observationId: params.id, submission });
  }

  @Endpoint(api.addFinding)
  addFinding(
    @CurrentActor() actor: Actor,
    @Param() params: IdParam,
    @Body() finding: CreateFindingRequest,
  ) {
    return this.rpc.relay(observationRpc.addFinding, { actor, observationId: params.id, finding });
  }

  @Endpoint(api.resolveFinding)
  @HttpCode(200)
  resolveFinding(@CurrentActor() actor: Actor, @Param() params: { id: number; findingId: number }) {
    return this.rpc.relay(observationRpc.resolveFinding, {
      actor,
      observationId: params.id,
      findingId: params.findingId,
    });
  }

  @Endpoint(api.courses)
  courses(@CurrentActor() actor: Actor, @Query() page: PageRequest) {
    return this.rpc.relay(observationRpc.courses, { actor, page });
  }

  @Endpoint(api.createCourse)
  createCourse(@CurrentActor() actor: Actor, @Body() course: SaveCourseRequest) {
    return this.rpc.relay(observationRpc.createCourse, { actor, course });
  }

  @Endpoint(api.updateCourse)
  updateCourse(
    @CurrentActor() actor: Actor,
    @Param() params: IdParam,
    @Body() course: SaveCourseRequest,
  ) {
    return this.rpc.relay(observationRpc.updateCourse, { actor, courseId: params.id, course });
  }

  @Endpoint(api.deleteCourse)
  deleteCourse(@CurrentActor() actor: Actor, @Param() params: IdParam) {
    return this.rpc.relay(observationRpc.deleteCourse, { actor, courseId: params.id });
  }

  @Endpoint(api.enroll)
  @HttpCode(200)
  enroll(@CurrentActor() actor: Actor, @Param() params: IdParam) {
    return this.rpc.relay(observationRpc.enroll, { actor, courseId: params.id });
  }

  @Endpoint(api.rateCourse)
  @HttpCode(200)
  rate(@CurrentActor() actor: Actor, @Param() params: IdParam, @Body() body: RateCourseRequest) {
    return this.rpc.relay(observationRpc.rate, { actor, courseId: params.id, rating: body.rating });
  }

  @Endpoint(api.enrollments)
  enrollments(@CurrentActor() actor: Actor) {
    return this.rpc.relay(observationRpc.enrollments, { actor });
  }
}
