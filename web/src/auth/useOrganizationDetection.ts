import { useQuery } from '@tanstack/react-query';
import { organizationByDomainQuery } from '../api/queries';
import { emailDomain } from './signIn';
import { useDebouncedValue } from './useDebouncedValue';

const DETECTION_DELAY_MS = 400;

/** The organization owning the typed email's domain, looked up once typing pauses. */
export function useOrganizationDetection(email: string) {
  const domain = useDebouncedValue(
    email.includes('@') ? emailDomain(email) : '',
    DETECTION_DELAY_MS,
  );
  const { data } = useQuery(organizationByDomainQuery(domain));
  return domain === '' ? null : (data ?? null);
}
