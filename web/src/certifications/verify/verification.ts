import type { CertificationVerification } from '@hub/proto';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../api/client';
import { verificationQuery } from './queries';

/** What the verification page shows for the code in its address. */
export type VerifyOutcome =
  | { status: 'checking' }
  | { status: 'unknown' }
  | { status: 'unreachable'; retry: () => void }
  | { status: 'rateLimited'; retry: () => void }
  | { status: 'found'; verification: CertificationVerification };

/** What the reader of a paper needs first: does it stand, and if not, why. */
export type Verdict = 'valid' | 'expired' | 'revoked';

/** Expiring soon is still in force: the server's `valid` says so, the state says why not. */
export function verdictOf(verification: CertificationVerification): Verdict {
  if (verification.valid) return 'valid';
  return verification.state === 'revoked' ? 'revoked' : 'expired';
}

/**
 * What a failed verification tells the reader. The server answers 404 to a code no certificate
 * has and 400 to one its schema refuses (too short, too long): both are an unknown code to the
 * reader. 429 is the gateway's limit of checks per client address and minute (guessing codes is
 * what it bounds): the reader is told to wait, not that the check failed. Anything else (the
 * network, an outage) may pass, so it offers a retry.
 */
export function outcomeOfError(error: unknown, retry: () => void): VerifyOutcome {
  if (isApiError(error, 404) || isApiError(error, 400)) return { status: 'unknown' };
  if (isApiError(error, 429)) return { status: 'rateLimited', retry };
  return { status: 'unreachable', retry };
}

/** The code's verification. */
export function useVerification(code: string): VerifyOutcome {
  const verify = useQuery(verificationQuery(code));
  if (verify.data) return { status: 'found', verification: verify.data };
  if (verify.isError) return outcomeOfError(verify.error, () => void verify.refetch());
  return { status: 'checking' };
}
