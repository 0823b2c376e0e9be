/** 'Ada Lovelace' -> 'AL'; a single name gives one letter, an empty one '?'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  return (first.charAt(0) + last.charAt(0)).toUpperCase();
}

/**
 * profilePicture is null or the URL path the server answers (`/api/users/{id}/profile-picture?v=...`),
 * used as the image source as is. Anything else is not shown; the avatar falls back to initials.
 */
export function profilePictureUrl(profilePicture: string | null): string | undefined {
  if (!profilePicture) return undefined;
  return /^(https?:|data:|blob:|\/)/.test(profilePicture) ? profilePicture : undefined;
}
