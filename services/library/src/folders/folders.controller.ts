import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { libraryRpc, type RpcRequest } from '@hub/proto';
import { RpcHandler } from '@hub/kit';
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
    return this.folders.list(actor);
  }

  @RpcHandler(libraryRpc.createFolder)
  createFolder(@Payload() { actor, folder }: RpcRequest<typeof libraryRpc.createFolder>) {
    return this.folders.create(actor, folder);
  }

  @RpcHandler(libraryRpc.tags)
  listTags(@Payload() { actor }: RpcRequest<typeof libraryRpc.tags>) {
    return this.tagsService.list(actor);
  }

  @RpcHandler(libraryRpc.createTag)
  createTag(@Payload() { actor, tag }: RpcRequest<typeof libraryRpc.createTag>) {
    return this.tagsService.create(actor, tag);
  }
}
