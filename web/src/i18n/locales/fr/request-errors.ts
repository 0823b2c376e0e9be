import type { Catalog } from '../en';

export const requestErrors: Catalog['requestErrors'] = {
  network: 'Le serveur est injoignable. Vérifiez la connexion et réessayez.',
  status: 'Le serveur a répondu par une erreur (HTTP {{status}}).',
};
