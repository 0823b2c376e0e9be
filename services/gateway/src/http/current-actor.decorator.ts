import {
  createParamDecorator,
  type ExecutionContext,
  InternalServerErrorException,
} from '@nestjs/common';
import type { GuardedRequest } from './request-context.js';

/** The actor the guard built from the session; only on routes that require a session. */
export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<GuardedRequest>();
  if (!request.actor) throw new InternalServerErrorException('No actor on a guarded route');
  return request.actor;
});
