import { describe, expect, it } from 'vitest';
import { checklistLink } from './checklistLinks';

describe("a checklist step's link", () => {
  it('leads to a page the viewer may open', () => {
    expect(checklistLink('/library/documents', 'admin')).toBe('/library/documents');
  });

  it('is left out where the viewer would be refused, or the page is unknown', () => {
    expect(checklistLink('/integrations', 'admin')).toBeNull();
    expect(checklistLink('/integrations', 'super_admin')).toBe('/integrations');
    expect(checklistLink('/nowhere', 'admin')).toBeNull();
    expect(checklistLink('/team', undefined)).toBeNull();
  });
});
