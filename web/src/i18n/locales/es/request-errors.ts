import type { Catalog } from '../en';

export const requestErrors: Catalog['requestErrors'] = {
  network: 'No hay conexión con el servidor. Revisa la conexión y vuelve a intentarlo.',
  status: 'El servidor respondió con un error (HTTP {{status}}).',
};
