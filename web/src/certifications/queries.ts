import {
  api,
  type Certification,
  type CertificationList,
  type CertificationState,
  routePath,
} from '@hub/proto';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';

export function certificationsQuery(state: CertificationState | undefined) {
  return queryOptions({
    queryKey: [api.certifications.path, state ?? 'all'],
    queryFn: ({ signal }): Promise<CertificationList> =>
      call(api.certifications, { query: { state }, signal }),
  });
}

/** The PDF's address: a plain link, so the browser downloads it with the session cookie. */
export const certificatePdfUrl = (id: number) => routePath(api.certificatePdf, { id });

export function useRevokeCertification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }): Promise<Certification> =>
      call(api.revokeCertification, { params: { id }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [api.certifications.path] }),
  });
}
