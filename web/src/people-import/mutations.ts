import { PEOPLE_IMPORT_UPLOAD, type PeopleImportPreview } from '@hub/proto';
import { api } from '../api/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/client';
import { postForm } from '../api/upload';
import { peopleImportQuery } from './queries';

/**
 * Upload and check (the organization first, as the server wants fields before the file); then
 * apply, or resume a failed import.
 */
export function usePeopleImportMutations() {
  const queryClient = useQueryClient();
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
    // The answer is the import's status: a resumed import's progress is polled again from it.
    onSuccess: (status) => queryClient.setQueryData(peopleImportQuery(status.id).queryKey, status),
  });
  return { preview, apply };
}
