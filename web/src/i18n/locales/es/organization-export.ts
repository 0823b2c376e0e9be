import type { Catalog } from '../en';

export const organizationExport: Catalog['organizationExport'] = {
  title: 'Datos de la organización',
  description:
    'Todos los registros de tu organización (en JSON; personas, observaciones y certificaciones también en CSV) y todos los archivos guardados, en un solo zip con un manifiesto de sumas de control.',
  export: 'Exportar datos',
};
