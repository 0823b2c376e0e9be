import {
  api,
  PEOPLE_IMPORT_UPLOAD,
  type PeopleImportPreview,
  type PeopleImportStatus,
  routePath,
} from '@hub/proto';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../api/client';
import { postForm } from '../api/upload';
import { importEnded } from './format';

/** Polled every second until the import has ended. */
export function peopleImportQuery(id: number) {
  return queryOptions({
    queryKey: [api.peopleImport.path, id],
    queryFn: ({ signal }): Promise<PeopleImportStatus> =>
      call(api.peopleImport, { params: { id }, signal }),
    refetchInterval: (query) => (importEnded(query.state.data) ? false : 1000),
  });
}

export const rejectedRowsUrl = (id: number) => routePath(api.peopleImportRejectedCsv, { id });

/** Upload and check (the organization first, as the server wants fields before the file); then apply. */
export function usePeopleImportMutations() {
  const preview = useMutation({
    mutationFn: ({ file, organizationId }: { file: File; organizationId?: number }) => {
      const form = new FormData();
      if (organizationId) form.append('organizationId', String(organizationId));
      form.append(PEOPLE_IMPORT_UPLOAD.fileField, file);
      return postForm(api.previewPeopleImport.path, form) as Promise<PeopleImportPreview>;
    },
  });
  const apply = useMutation({
    mutationFn: (body: { importId: number; updateExisting: boolean }) =>
      call(api.applyPeopleImport, { body }),
  });
  return { preview, apply };
}
