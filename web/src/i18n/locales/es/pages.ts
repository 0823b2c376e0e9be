import type { Catalog } from '../en';

export const pages: Catalog['pages'] = {
  notFound: {
    title: 'Página no encontrada',
    description: 'La página que buscas no existe.',
    home: 'Volver al inicio',
  },
};
