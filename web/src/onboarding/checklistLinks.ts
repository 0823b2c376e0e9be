import type { Role } from '@hub/proto';
import { mayOpen, PAGE_ACCESS, type PagePath } from '../access/pageAccess';

/** The page a step is done on, when the viewer may open it; otherwise the step is text only. */
export function checklistLink(href: string, role: Role | undefined): `/${PagePath}` | null {
  const path = href.replace(/^\//, '');
  if (!role || !(path in PAGE_ACCESS)) return null;
  return mayOpen(path as PagePath, role) ? (`/${path}` as `/${PagePath}`) : null;
}
