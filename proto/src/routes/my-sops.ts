import { defineRoute } from '../http.js';
import { libraryRpc } from '../rpc/library.js';
import {
  DocumentIdParams,
  DocumentImageParams,
  MySopList,
  MySopView,
  PresignedImage,
} from '../library.js';
import { ALL_ROLES } from '../roles.js';

/**
 * Everyone reads the SOPs of their own courses, job functions and certifications, read-only and
 * nothing else of the library: the library service asks the observation service which SOPs are
 * the caller's and answers 404 for any other document.
 */
export const mySopsRoutes = {
  mySops: defineRoute({
    method: 'GET',
    path: '/api/my/sops',
    summary:
      'The SOPs of your courses, job functions and certifications, each with why it is yours and whether a new version waits for your acknowledgement',
    tag: 'library',
    access: ALL_ROLES,
    response: MySopList,
    relay: { rpc: libraryRpc.mySops, request: ({ actor }) => ({ actor }) },
  }),
  mySop: defineRoute({
    method: 'GET',
    path: '/api/my/sops/:id',
    summary:
      'The current version of one of your SOPs, read-only: its content as markdown and a short-lived link to its PDF (404 for any other document)',
    tag: 'library',
    access: ALL_ROLES,
    params: DocumentIdParams,
    response: MySopView,
  }),
  mySopImage: defineRoute({
    method: 'GET',
    path: '/api/my/sops/:id/images/:imgId',
    summary: 'A short-lived signed link to an image of one of your SOPs',
    tag: 'library',
    access: ALL_ROLES,
    params: DocumentImageParams,
    response: PresignedImage,
  }),
} as const;
