import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { libraryRpc, type RpcRequest, STAFF_ROLES } from '@hub/proto';
import { requireRole, RpcHandler } from '@hub/kit';
import { TagsService } from '../tags/tags.service.js';
import { FoldersService } from './folders.service.js';

@Controller()
export class FoldersAndTagsController {
  constructor(
    private readonly folders: FoldersService,
    private readonly tagsService: TagsService,
  ) {}

  @RpcHandler(libraryRpc.folders)
  listFolders(@Payload() { actor }: RpcRequest<typeof libraryRpc.folders>) {
    requireRole(actor, STAFF_ROLES);
    return this.folders.list(actor);
  }

  @RpcHandler(libraryRpc.createFolder)
  createFolder(@Payload() { actor, folder }: RpcRequest<typeof libraryRpc.createFolder>) {
    requireRole(actor, STAFF_ROLES);
    return this.folders.create(actor, folder);
  }

  @RpcHandler(libraryRpc.tags)
  listTags(@Payload() { actor }: RpcRequest<typeof libraryRpc.tags>) {
    requireRole(actor, STAFF_ROLES);
    return this.tagsService.list(actor);
  }

  @RpcHandler(libraryRpc.createTag)
  createTag(@Payload() { actor, tag }: RpcRequest<typeof libraryRpc.createTag>) {
    requireRole(actor, STAFF_ROLES);
    return this.tagsService.create(actor, tag);
  }
}
