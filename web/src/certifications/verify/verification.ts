import type { CertificationVerification } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../api/client';
import { verificationQuery } from './queries';

/** What the verification page shows for the code in its address. */
export type VerifyOutcome =
  | { status: 'checking' }
  | { status: 'unknown' }
  | { status: 'unreachable'; retry: () => void }
  | { status: 'found'; verification: CertificationVerification };

/** What the reader of a paper needs first: does it stand, and if not, why. */
export type Verdict = 'valid' | 'expired' | 'revoked';

/** Expiring soon is still in force: the server's `valid` says so, the state says why not. */
export function verdictOf(verification: CertificationVerification): Verdict {
  if (verification.valid) return 'valid';
  return verification.state === 'revoked' ? 'revoked' : 'expired';
}

/**
 * The code's verification. The server answers 404 to a code no certificate has and 400 to one
 * its schema refuses (too short, too long): both are an unknown code to the reader; anything
 * else (the network, an outage) may pass, so it offers a retry.
 */
export function useVerification(code: string): VerifyOutcome {
  const verify = useQuery(verificationQuery(code));
  if (verify.data) return { status: 'found', verification: verify.data };
  if (verify.isError) {
    if (isApiError(verify.error, 404) || isApiError(verify.error, 400)) {
      return { status: 'unknown' };
    }
    return { status: 'unreachable', retry: () => void verify.refetch() };
  }
  return { status: 'checking' };
}
