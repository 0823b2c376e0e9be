import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { peopleImportsRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { PeopleImportsService } from './people-imports.service.js';

type Req<K extends keyof typeof peopleImportsRpc> = RpcRequest<(typeof peopleImportsRpc)[K]>;

/** RpcHandler checks the contracts' roles; the service checks the organization. */
@Controller()
export class PeopleImportsController {
  constructor(private readonly imports: PeopleImportsService) {}

  @RpcHandler(peopleImportsRpc.preview)
  preview(@Payload() { actor, ...request }: Req<'preview'>) {
    return this.imports.preview(actor, request);
  }

  @RpcHandler(peopleImportsRpc.apply)
  apply(@Payload() { actor, importId, updateExisting }: Req<'apply'>) {
    return this.imports.apply(actor, importId, updateExisting);
  }

  @RpcHandler(peopleImportsRpc.status)
  status(@Payload() { actor, importId }: Req<'status'>) {
    return this.imports.status(actor, importId);
  }

  @RpcHandler(peopleImportsRpc.rejectedRows)
  rejected(@Payload() { actor, importId, afterRow, limit }: Req<'rejectedRows'>) {
    return this.imports.rejected(actor, importId, afterRow, limit);
  }
}
