import { type FaceReferenceList, routePath } from '@hub/proto';
import { api } from '../api/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/client';

/** Whose references a card shows: the signed-in person's own, or a member's (administrators). */
export type ReferenceOwner = { kind: 'me' } | { kind: 'member'; id: number };

export const faceReferencesKey = (owner: ReferenceOwner) =>
  owner.kind === 'me' ? [api.myFaceReferences.path] : [api.memberFaceReferences.path, owner.id];

export function faceReferencesQuery(owner: ReferenceOwner) {
  return queryOptions({
    queryKey: faceReferencesKey(owner),
    queryFn: ({ signal }): Promise<FaceReferenceList> =>
      owner.kind === 'me'
        ? call(api.myFaceReferences, { signal })
        : call(api.memberFaceReferences, { params: { id: owner.id }, signal }),
  });
}

/** The photo of a reference, for an <img> (the session cookie goes with it). */
export const referencePhotoUrl = (referenceId: number) =>
  routePath(api.faceReferencePhoto, { referenceId });
