import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type RpcRequest, videoRpc } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
import { UnknownPeopleService } from './unknown-people.service.js';

type Req<K extends keyof typeof videoRpc> = RpcRequest<(typeof videoRpc)[K]>;

/** RpcHandler checks each contract's roles; the service scopes everything to the organization. */
@Controller()
export class UnknownPeopleController {
  constructor(private readonly people: UnknownPeopleService) {}

  @RpcHandler(videoRpc.unknownPeople)
  list(@Payload() { actor, page }: Req<'unknownPeople'>) {
    return this.people.list(actor, page);
  }

  @RpcHandler(videoRpc.unknownPerson)
  person(@Payload() { actor, personId }: Req<'unknownPerson'>) {
    return this.people.person(actor, personId);
  }

  @RpcHandler(videoRpc.nameUnknownPerson)
  name(@Payload() { actor, personId, userId }: Req<'nameUnknownPerson'>) {
    return this.people.name(actor, personId, userId);
  }

  @RpcHandler(videoRpc.unknownFaceThumbnail)
  thumbnail(@Payload() { actor, faceId }: Req<'unknownFaceThumbnail'>) {
    return this.people.thumbnail(actor, faceId);
  }
}
