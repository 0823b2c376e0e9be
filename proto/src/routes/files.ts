import { defineRoute } from '../http.js';
import { z } from 'zod';

export const filesRoutes = {
  signedFile: defineRoute({
    method: 'GET',
    path: '/api/files/:token',
    summary: 'A stored file behind a short-lived signed link (the link is the credential)',
    tag: 'files',
    access: 'public',
    params: z.object({ token: z.string().min(10).max(2000) }),
    response: z.any(),
  }),
} as const;
