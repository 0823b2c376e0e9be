import { createRequire } from 'node:module';
import { COMMON_PASSWORD } from '@hub/proto';
import { RpcFailure } from '@hub/kit';

const require = createRequire(import.meta.url);
let common: Set<string> | undefined;

/**
 * About 49,000 passwords seen most often in breaches (zxcvbn's list), lower case. Read when a
 * password is first set, not at start: the list is ~7 MB of heap that most of the time no
 * request needs.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(
    (require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common'))
      .dictionary['passwords-common'],
  );
  return common;
}

/**
 * True when the password, or its letters once the digits and symbols people add around a
 * word to meet the composition rules are taken away ('Password1!' -> 'password'), is common.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  const common = commonPasswords();
  return common.has(lower) || (core.length >= 4 && common.has(core));
}

/** The server's half of the one password policy (proto's NewPassword is the other half). */
export function refuseCommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw RpcFailure.validation(COMMON_PASSWORD, field);
}
