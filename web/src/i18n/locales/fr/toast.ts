import type { Catalog } from '../en';

export const toast: Catalog['toast'] = {
  close: 'Fermer',
  region: 'Notifications ({hotkey})',
  announced: 'Notification',
};
