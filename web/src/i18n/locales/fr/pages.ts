import type { Catalog } from '../en';

export const pages: Catalog['pages'] = {
  notFound: {
    title: 'Page introuvable',
    description: 'La page que vous cherchez n’existe pas.',
    home: 'Retour à l’accueil',
  },
};
