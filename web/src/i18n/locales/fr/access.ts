import type { Catalog } from '../en';

export const access: Catalog['access'] = {
  refusals: {
    integrations:
      'Accès restreint : seuls les super-administrateurs peuvent régler les intégrations.',
  },
};
