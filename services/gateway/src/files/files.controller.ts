import { Controller, Inject, NotFoundException, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { api } from '@hub/proto';
import { Endpoint } from '../http/endpoint.decorator.js';
import { SignedLinks } from './signed-links.js';
import { StoredFileReply } from './stored-file-reply.js';

@Controller()
export class FilesController {
  constructor(
    @Inject(SignedLinks) private readonly links: SignedLinks,
    @Inject(StoredFileReply) private readonly files: StoredFileReply,
  ) {}

  @Endpoint(api.signedFile)
  async file(
    @Param() params: { token: string },
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const claims = this.links.verify(params.token);
    if (!claims) throw new NotFoundException('This link has expired. Please open the file again.');
    return this.files.send(request, reply, claims.k, claims.n);
  }
}
