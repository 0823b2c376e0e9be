import { PEOPLE_IMPORT_UPLOAD, type PeopleImportPreview } from '@hub/proto';
import { api } from '../api/routes';
import { useMutation } from '@tanstack/react-query';
import { call } from '../api/client';
import { postForm } from '../api/upload';

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
