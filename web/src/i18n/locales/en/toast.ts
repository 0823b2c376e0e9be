/**
 * The toast itself (its messages come from the features that raise them). `{hotkey}` (single
 * braces) is Radix's own placeholder in the region's name, filled with the key that jumps to it.
 */
export const toast = {
  close: 'Close',
  region: 'Notifications ({hotkey})',
  announced: 'Notification',
} as const;
