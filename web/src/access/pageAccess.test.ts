import { SUPER_ADMIN_ONLY } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { linkTargets, NAVIGATION, type NavEntry } from '../shell/navigation';
import { PAGE_ACCESS, type PagePath } from './pageAccess';

const pages = Object.entries(PAGE_ACCESS) as [PagePath, (typeof PAGE_ACCESS)[PagePath]][];

function navLinks(entries: readonly NavEntry[]): { to: string; roles: readonly string[] }[] {
  return entries.flatMap((entry) => (entry.kind === 'link' ? [entry] : navLinks(entry.children)));
}

describe('PAGE_ACCESS, the web app role table', () => {
  it.each(pages)('%s is only for roles every route it loads allows', (_path, access) => {
    for (const route of access.loads) {
      if (route.access === 'public') continue;
      for (const role of access.roles) expect(route.access, route.path).toContain(role);
    }
  });

  it('gives every sidebar link the same roles as the sidebar shows it to', () => {
    for (const link of navLinks(NAVIGATION)) {
      const path = link.to.slice(1) as PagePath;
      expect(PAGE_ACCESS[path], link.to).toBeDefined();
      expect([...PAGE_ACCESS[path].roles].sort(), link.to).toEqual([...link.roles].sort());
    }
    expect(linkTargets(NAVIGATION).length).toBeGreaterThan(10);
  });

  it("keeps 'Access Denied' for the super administrator's console only", () => {
    const denied = pages.filter(([, access]) => access.refusal === 'access-denied');
    expect(denied.map(([path]) => path).sort()).toEqual(['admin', 'admin-dashboard', 'admin/data']);
    for (const [, access] of denied) expect(access.roles).toEqual(SUPER_ADMIN_ONLY);
  });

  it('keeps operators out of the library, as the document and video routes do', () => {
    expect(PAGE_ACCESS['library/documents'].roles).not.toContain('operator');
    expect(PAGE_ACCESS['library/videos'].roles).not.toContain('operator');
    expect(PAGE_ACCESS.training.roles).toContain('operator');
  });

  it('keeps the skills matrix page for staff, as the sidebar of the spec does', () => {
    expect(PAGE_ACCESS['insights/skills-matrix'].roles).toEqual([
      'super_admin',
      'admin',
      'training_supervisor',
      'manager',
    ]);
  });
});
