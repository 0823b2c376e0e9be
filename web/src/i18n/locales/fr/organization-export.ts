import type { Catalog } from '../en';

export const organizationExport: Catalog['organizationExport'] = {
  title: 'Données de l’organisation',
  description:
    'Tous les enregistrements de votre organisation (en JSON ; personnes, observations et habilitations aussi en CSV) et tous les fichiers stockés, dans un seul zip avec un manifeste de sommes de contrôle.',
  export: 'Exporter les données',
};
