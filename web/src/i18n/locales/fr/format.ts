import type { format as english } from '../en/format';
import type { Texts } from '../types';

export const format: Texts<typeof english> = {
  never: 'Jamais',
  justNow: "à l'instant",
  noDataYet: 'Pas encore de données',
};
