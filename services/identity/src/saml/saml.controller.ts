import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { samlRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { SamlService } from './saml.service.js';

@Controller()
export class SamlController {
  constructor(private readonly saml: SamlService) {}

  @RpcHandler(samlRpc.start)
  start(@Payload() request: RpcRequest<typeof samlRpc.start>) {
    return this.saml.start(request.organization);
  }

  @RpcHandler(samlRpc.metadata)
  metadata(@Payload() request: RpcRequest<typeof samlRpc.metadata>) {
    return this.saml.metadata(request.connection);
  }

  @RpcHandler(samlRpc.consume)
  consume(@Payload() request: RpcRequest<typeof samlRpc.consume>) {
    return this.saml.consume(request);
  }

  @RpcHandler(samlRpc.settings)
  settings(@Payload() { actor, organizationId }: RpcRequest<typeof samlRpc.settings>) {
    return this.saml.settings(actor, organizationId);
  }

  @RpcHandler(samlRpc.saveSettings)
  saveSettings(
    @Payload() { actor, organizationId, settings }: RpcRequest<typeof samlRpc.saveSettings>,
  ) {
    return this.saml.saveSettings(actor, organizationId, settings);
  }
}
