import { type FaceReference, routePath } from '@hub/proto';
import { api } from '../api/routes';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { postForm } from '../api/upload';
import { useContractMutation } from '../api/useContractMutation';
import { readableRefusal } from './format';
import { faceReferencesKey, type ReferenceOwner } from './queries';

function addPath(owner: ReferenceOwner): string {
  return owner.kind === 'me'
    ? api.addMyFaceReference.path
    : routePath(api.addMemberFaceReference, { id: owner.id });
}

/**
 * Adding (the answer waits for the worker's check) and deleting references; the list follows,
 * also after a refused photo (the worker may have kept a failed row).
 */
export function useFaceReferenceMutations(owner: ReferenceOwner) {
  const { t } = useTranslation();
  const invalidates = [faceReferencesKey(owner)];
  const add = useContractMutation({
    mutationFn: async (file: File): Promise<FaceReference> => {
      const form = new FormData();
      form.append(api.addMyFaceReference.upload?.fileField ?? 'photo', file);
      const added = await postForm(addPath(owner), form).catch((error: unknown) => {
        throw readableRefusal(error);
      });
      return added as FaceReference;
    },
    invalidates,
    success: (reference) =>
      reference.status === 'ready'
        ? { title: t('faces.added'), description: t('faces.addedDescription') }
        : { title: t('faces.stillChecking'), description: t('faces.stillCheckingDescription') },
    failure: { title: t('faces.notAdded'), fallback: t('faces.addFailed') },
  });
  const remove = useContractMutation({
    mutationFn: (referenceId: number) =>
      owner.kind === 'me'
        ? call(api.deleteMyFaceReference, { params: { referenceId } })
        : call(api.deleteMemberFaceReference, { params: { id: owner.id, referenceId } }),
    invalidates,
    success: () => ({ title: t('faces.deleted'), description: t('faces.deletedDescription') }),
    failure: { title: t('faces.notDeleted'), fallback: t('faces.deleteFailed') },
  });
  return { add, remove };
}
