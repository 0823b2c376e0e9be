import { BadRequestException } from '@nestjs/common';
import type { z } from 'zod';
import { errorCodeOf, validationParamsOf } from '@hub/proto';

/**
 * The 400 for a request a schema refused: its first issue's message and field, as the API has
 * always answered, plus the rule broken (`code: 'invalid_field'`, `params`) so a client can word
 * it in its reader's language. A message of proto's error table keeps that table's code instead
 * (the error filter finds it), being the more precise of the two.
 */
export function validationRefusal(error: z.ZodError): BadRequestException {
  const issue = error.issues[0];
  const message = issue?.message ?? 'Invalid request';
  const field = issue?.path.join('.') || undefined;
  if (!issue || errorCodeOf(message)) return new BadRequestException({ message, field });
  return new BadRequestException({
    message,
    field,
    code: 'invalid_field',
    params: validationParamsOf(issue),
  });
}
