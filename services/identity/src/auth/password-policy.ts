import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORD } from '@hub/proto';
import { RpcFailure } from '@hub/kit';

/** About 49,000 passwords seen most often in breaches (zxcvbn's list), lower case. */
const COMMON = new Set(dictionary['passwords-common']);

/**
 * True when the password, or its letters once the digits and symbols people add around a
 * word to meet the composition rules are taken away ('Password1!' -> 'password'), is common.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  return COMMON.has(lower) || (core.length >= 4 && COMMON.has(core));
}

/** The server's half of the one password policy (proto's NewPassword is the other half). */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw RpcFailure.validation(COMMON_PASSWORD, field);
}
