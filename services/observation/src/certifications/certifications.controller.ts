import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { certificationRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { CertificationSettingsService } from './certification-settings.service.js';
import { CertificationsService } from './certifications.service.js';

type Req<K extends keyof typeof certificationRpc> = RpcRequest<(typeof certificationRpc)[K]>;

/** RpcHandler checks each contract's roles again; each service method scopes to the actor's organization. */
@Controller()
export class CertificationsController {
  constructor(
    private readonly certifications: CertificationsService,
    private readonly settings: CertificationSettingsService,
  ) {}

  @RpcHandler(certificationRpc.list)
  list(@Payload() { actor, filter }: Req<'list'>) {
    return this.certifications.list(actor, filter);
  }

  @RpcHandler(certificationRpc.certificate)
  certificate(@Payload() { actor, certificationId }: Req<'certificate'>) {
    return this.certifications.certificate(actor, certificationId);
  }

  @RpcHandler(certificationRpc.verify)
  verify(@Payload() { code }: Req<'verify'>) {
    return this.certifications.verify(code);
  }

  @RpcHandler(certificationRpc.inForce)
  inForce(@Payload() { organizationId, userIds, documentIds }: Req<'inForce'>) {
    return this.certifications.inForce(organizationId, userIds, documentIds);
  }

  @RpcHandler(certificationRpc.holders)
  holders(@Payload() { organizationId, documentIds }: Req<'holders'>) {
    return this.certifications.holders(organizationId, documentIds);
  }

  @RpcHandler(certificationRpc.requireReobservation)
  requireReobservation(
    @Payload() { organizationId, documentId, version }: Req<'requireReobservation'>,
  ) {
    return this.certifications.requireReobservation(organizationId, documentId, version);
  }

  @RpcHandler(certificationRpc.revoke)
  revoke(@Payload() { actor, certificationId, reason }: Req<'revoke'>) {
    return this.certifications.revoke(actor, certificationId, reason);
  }

  @RpcHandler(certificationRpc.settings)
  getSettings(@Payload() { actor }: Req<'settings'>) {
    return this.settings.get(actor);
  }

  @RpcHandler(certificationRpc.saveDefaults)
  saveDefaults(@Payload() { actor, defaultValidityMonths }: Req<'saveDefaults'>) {
    return this.settings.saveDefault(actor, defaultValidityMonths);
  }

  @RpcHandler(certificationRpc.saveSopValidity)
  saveSop(@Payload() { actor, documentId, validityMonths }: Req<'saveSopValidity'>) {
    return this.settings.saveSop(actor, documentId, validityMonths);
  }
}
