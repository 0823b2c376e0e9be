/** The toast itself (its messages come from the features that raise them). */
export const toast = { close: 'Close' } as const;
