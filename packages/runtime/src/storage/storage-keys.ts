import { randomUUID } from 'node:crypto';

/** Every stored file of an organization sits below this prefix, so deleting it removes them all. */
export const organizationPrefix = (organizationId: number) => `org/${organizationId}/`;

/** A new key below the organization, in a folder named for what the file is. */
export function newObjectKey(organizationId: number, folder: string, extension: string): string {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(folder)) throw new Error(`Bad storage folder ${folder}`);
  if (!/^[a-z0-9]{1,8}$/.test(extension)) throw new Error(`Bad extension ${extension}`);
  return `${organizationPrefix(organizationId)}${folder}/${randomUUID()}.${extension}`;
}

/** A new folder below the organization for one item that owns several files (a document, a video). */
export function newObjectFolder(organizationId: number, folder: string): string {
  if (!/^[a-z0-9-]+$/.test(folder)) throw new Error(`Bad storage folder ${folder}`);
  return `${organizationPrefix(organizationId)}${folder}/${randomUUID()}/`;
}

export function belongsToOrganization(key: string, organizationId: number): boolean {
  return key.startsWith(organizationPrefix(organizationId));
}
