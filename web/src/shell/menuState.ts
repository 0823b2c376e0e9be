export const MENU_OPEN_KEY = 'hamburgerMenuOpen';
export const EXPANDED_ITEMS_KEY = 'hamburgerMenuExpandedItems';

/** Sidebar is open unless 'false' was stored (spec: default open). */
export function parseMenuOpen(stored: string | null): boolean {
  return stored !== 'false';
}

/** A JSON array of group ids; anything else reads as nothing expanded. */
export function parseExpandedItems(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed)
      ? parsed.filter((item): item is string => typeof item === 'string')
      : [];
  } catch {
    return [];
  }
}

export function toggleExpanded(items: readonly string[], id: string): string[] {
  return items.includes(id) ? items.filter((item) => item !== id) : [...items, id];
}

export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the menu still works for this visit.
  }
}
