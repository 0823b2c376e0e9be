import type { Catalog } from '../en';

export const access: Catalog['access'] = {
  refusals: {
    integrations:
      'Acceso restringido: solo los superadministradores pueden configurar las integraciones.',
  },
};
