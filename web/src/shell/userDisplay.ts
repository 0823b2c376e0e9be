/** 'Ada Lovelace' -> 'AL'; a single name gives one letter, an empty one '?'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  return (first.charAt(0) + last.charAt(0)).toUpperCase();
}

/**
 * profilePicture is either a URL or a stored file name (spec section 3). File names are served
 * under /uploads/profile-pictures/; if that fails the avatar falls back to initials.
 */
export function profilePictureUrl(profilePicture: string | null): string | undefined {
  if (!profilePicture) return undefined;
  if (/^(https?:|data:|blob:|\/)/.test(profilePicture)) return profilePicture;
  return `/uploads/profile-pictures/${encodeURIComponent(profilePicture)}`;
}
