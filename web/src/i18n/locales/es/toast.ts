import type { Catalog } from '../en';

export const toast: Catalog['toast'] = {
  close: 'Cerrar',
  region: 'Notificaciones ({hotkey})',
  announced: 'Notificación',
};
