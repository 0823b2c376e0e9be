import { type ProfilePictureUpload } from '@hub/proto';
import { api } from './routes';
import { i18n } from '../i18n/i18n';
import { ApiError, readBody } from './client';
import { newTraceparent } from './trace-context';

/** Multipart POST with the session cookie (the browser sets the boundary); throws ApiError. */
export async function postForm(url: string, form: FormData): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { Accept: 'application/json', traceparent: newTraceparent() },
  });
  const body = await readBody(response);
  if (!response.ok) throw ApiError.fromBody(response.status, body);
  return body;
}

/** POST /api/user/profile-picture-upload (field profilePicture); answers the fileName to use. */
export async function uploadProfilePicture(file: File): Promise<ProfilePictureUpload> {
  const form = new FormData();
  form.append(api.uploadProfilePicture.upload?.fileField ?? 'profilePicture', file);
  return (await postForm(api.uploadProfilePicture.path, form)) as ProfilePictureUpload;
}

/** Percent of an upload, 0 to 100. */
export function uploadPercent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

function parsedBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Multipart POST that reports its progress, with XMLHttpRequest (fetch cannot report upload
 * progress). Fields are sent in order and the file last, as the server reads them. Rejects with
 * ApiError on a non-success answer, with a plain Error when the request never completed.
 */
export function uploadWithProgress<T>(
  url: string,
  fields: readonly (readonly [string, string])[],
  file: { field: string; file: File },
  onProgress: (percent: number) => void,
): Promise<T> {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  form.append(file.field, file.file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('traceparent', newTraceparent());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(uploadPercent(event.loaded, event.total));
    };
    request.onload = () => {
      const body = parsedBody(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve(body as T);
      } else {
        reject(ApiError.fromBody(request.status, body));
      }
    };
    // In the language shown when it fails: the callers toast the message as it is.
    request.onerror = () => reject(new Error(i18n.t('common.uploadIncomplete')));
    request.onabort = () => reject(new Error(i18n.t('common.uploadCancelled')));
    request.send(form);
  });
}
