import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { observationRpc, type RpcRequest, teamRpc } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { ObservationFigures } from '../reporting/observation-figures.js';
import { HubActivity } from '../reporting/hub-activity.js';
import { SettingsService } from '../settings/settings.service.js';
import { TeamService } from '../team/team.service.js';
import { ObservationsService } from './observations.service.js';

type Req<K extends keyof typeof observationRpc> = RpcRequest<(typeof observationRpc)[K]>;

/** RpcHandler checks each contract's roles again; each service method scopes to the actor's organization. */
@Controller()
export class ObservationsController {
  constructor(
    private readonly observations: ObservationsService,
    private readonly settings: SettingsService,
    private readonly team: TeamService,
    private readonly hubActivity: HubActivity,
    private readonly figures: ObservationFigures,
  ) {}

  @RpcHandler(observationRpc.hubActivity)
  hubEvents(@Payload() { actor, limit }: Req<'hubActivity'>) {
    return this.hubActivity.events(actor, limit);
  }

  @RpcHandler(observationRpc.list)
  list(@Payload() { actor, ...filter }: Req<'list'>) {
    return this.observations.list(actor, filter);
  }

  @RpcHandler(observationRpc.create)
  create(@Payload() { actor, request }: Req<'create'>) {
    return this.observations.create(actor, request);
  }

  @RpcHandler(observationRpc.observedOperatorDocuments)
  observedDocuments(@Payload() { organizationId, userId }: Req<'observedOperatorDocuments'>) {
    return this.observations.observedDocuments(organizationId, userId);
  }

  @RpcHandler(observationRpc.session)
  session(@Payload() { actor, observationId }: Req<'session'>) {
    return this.observations.session(actor, observationId);
  }

  @RpcHandler(observationRpc.respond)
  respond(@Payload() { actor, observationId, submission }: Req<'respond'>) {
    return this.observations.respond(actor, observationId, submission);
  }

  @RpcHandler(observationRpc.addFinding)
  addFinding(@Payload() { actor, observationId, finding }: Req<'addFinding'>) {
    return this.observations.addFinding(actor, observationId, finding);
  }

  @RpcHandler(observationRpc.findings)
  findings(@Payload() { actor, observationId, page }: Req<'findings'>) {
    return this.observations.findingPage(actor, observationId, page);
  }

  @RpcHandler(observationRpc.resolveFinding)
  resolveFinding(@Payload() { actor, observationId, findingId }: Req<'resolveFinding'>) {
    return this.observations.resolveFinding(actor, observationId, findingId);
  }

  @RpcHandler(observationRpc.settings)
  getSettings(@Payload() { actor }: Req<'settings'>) {
    return this.settings.get(actor);
  }

  @RpcHandler(observationRpc.saveSettings)
  saveSettings(@Payload() { actor, settings }: Req<'saveSettings'>) {
    return this.settings.save(actor, settings);
  }

  @RpcHandler(observationRpc.performance)
  performance(@Payload() { organizationId }: Req<'performance'>) {
    return this.figures.performance(organizationId);
  }

  @RpcHandler(observationRpc.hubFigures)
  hubFigures(@Payload() { organizationId }: Req<'hubFigures'>) {
    return this.figures.hubFigures(organizationId);
  }

  @RpcHandler(teamRpc.members)
  members(@Payload() { actor, query }: RpcRequest<typeof teamRpc.members>) {
    return this.team.list(actor, query);
  }

  @RpcHandler(teamRpc.stats)
  teamStats(@Payload() { actor }: RpcRequest<typeof teamRpc.stats>) {
    return this.team.stats(actor);
  }

  @RpcHandler(teamRpc.member)
  teamMember(@Payload() { actor, userId }: RpcRequest<typeof teamRpc.member>) {
    return this.team.member(actor, userId);
  }

  @RpcHandler(teamRpc.memberVideos)
  memberVideos(@Payload() { actor, userId, page }: RpcRequest<typeof teamRpc.memberVideos>) {
    return this.team.memberVideos(actor, userId, page);
  }
}
