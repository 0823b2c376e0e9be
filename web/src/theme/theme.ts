export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type AppliedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';

/**
 * The spec gives both 'system' and 'light' as the default; 'system' is what a user expects,
 * so anything missing or unknown in storage reads as 'system'. index.html mirrors this.
 */
export const DEFAULT_THEME: ThemeChoice = 'system';

export function parseThemeChoice(stored: string | null | undefined): ThemeChoice {
  return THEME_CHOICES.find((choice) => choice === stored) ?? DEFAULT_THEME;
}

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): AppliedTheme {
  if (choice === 'system') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}

export const THEME_LABELS: Record<ThemeChoice, string> = {
  light: 'Light',
  dark: 'Dark',
  system: 'System',
};
