import type { format as english } from '../en/format';
import type { Texts } from '../types';

export const format: Texts<typeof english> = {
  never: 'Nunca',
  justNow: 'ahora mismo',
  noDataYet: 'Aún sin datos',
};
