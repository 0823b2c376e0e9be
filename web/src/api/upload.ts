import { api, type ProfilePictureUpload } from '@hub/proto';
import { ApiError, messageOf, readBody } from './client';

/** Multipart POST with the session cookie (the browser sets the boundary); throws ApiError. */
export async function postForm(url: string, form: FormData): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, messageOf(body));
  return body;
}

/** POST /api/user/profile-picture-upload (field profilePicture); answers the fileName to use. */
export async function uploadProfilePicture(file: File): Promise<ProfilePictureUpload> {
  const form = new FormData();
  form.append(api.uploadProfilePicture.upload?.fileField ?? 'profilePicture', file);
  return (await postForm(api.uploadProfilePicture.path, form)) as ProfilePictureUpload;
}
