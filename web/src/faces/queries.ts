import { api, type FaceReference, type FaceReferenceList, routePath } from '@hub/proto';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../api/client';
import { postForm } from '../api/upload';
import { i18n } from '../i18n/i18n';
import { toast } from '../toast/toastStore';

/** Whose references a card shows: the signed-in person's own, or a member's (administrators). */
export type ReferenceOwner = { kind: 'me' } | { kind: 'member'; id: number };

const listKey = (owner: ReferenceOwner) =>
  owner.kind === 'me' ? [api.myFaceReferences.path] : [api.memberFaceReferences.path, owner.id];

export function faceReferencesQuery(owner: ReferenceOwner) {
  return queryOptions({
    queryKey: listKey(owner),
    queryFn: ({ signal }): Promise<FaceReferenceList> =>
      owner.kind === 'me'
        ? call(api.myFaceReferences, { signal })
        : call(api.memberFaceReferences, { params: { id: owner.id }, signal }),
  });
}

/** The photo of a reference, for an <img> (the session cookie goes with it). */
export const referencePhotoUrl = (referenceId: number) =>
  routePath(api.faceReferencePhoto, { referenceId });

function addPath(owner: ReferenceOwner): string {
  return owner.kind === 'me'
    ? api.addMyFaceReference.path
    : routePath(api.addMemberFaceReference, { id: owner.id });
}

/** The server's refusal (in the reader's language), never a browser's English 'Failed to fetch'. */
function errorText(error: unknown, fallback: 'addFailed' | 'deleteFailed'): string {
  return (error instanceof ApiError && error.serverMessage) || i18n.t(`faces.${fallback}`);
}

/** Adding (the answer waits for the worker's check) and deleting references; the list follows. */
export function useFaceReferenceMutations(owner: ReferenceOwner) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey(owner) });
  const add = useMutation({
    mutationFn: async (file: File): Promise<FaceReference> => {
      const form = new FormData();
      form.append(api.addMyFaceReference.upload?.fileField ?? 'photo', file);
      return (await postForm(addPath(owner), form)) as FaceReference;
    },
    onSuccess: async (reference) => {
      toast({
        title: reference.status === 'ready' ? i18n.t('faces.added') : i18n.t('faces.stillChecking'),
        description:
          reference.status === 'ready'
            ? i18n.t('faces.addedDescription')
            : i18n.t('faces.stillCheckingDescription'),
      });
      await refresh();
    },
    onError: async (error) => {
      toast({
        title: i18n.t('faces.notAdded'),
        description: errorText(error, 'addFailed'),
        variant: 'destructive',
      });
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (referenceId: number) =>
      owner.kind === 'me'
        ? call(api.deleteMyFaceReference, { params: { referenceId } })
        : call(api.deleteMemberFaceReference, { params: { id: owner.id, referenceId } }),
    onSuccess: async () => {
      toast({ title: i18n.t('faces.deleted'), description: i18n.t('faces.deletedDescription') });
      await refresh();
    },
    onError: (error) =>
      toast({
        title: i18n.t('faces.notDeleted'),
        description: errorText(error, 'deleteFailed'),
        variant: 'destructive',
      }),
  });
  return { add, remove };
}
