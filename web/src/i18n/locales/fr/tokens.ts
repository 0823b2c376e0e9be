import type { tokens as english } from '../en/tokens';
import type { Texts } from '../types';

export const tokens: Texts<typeof english> = {
  name: 'Nom',
  create: 'Créer le jeton',
  revoke: 'Révoquer',
  revokeTitle: 'Révoquer « {{name}} » ?',
  notCreatedTitle: 'Jeton non créé',
  revokedTitle: 'Jeton révoqué',
  revokeFailedTitle: 'Échec de la révocation',
  created: 'Créé le {{when}}',
  createdBy: 'Créé le {{when}} par {{name}}',
  lastUsed: 'Dernière utilisation : {{when}}',
  never: 'jamais',
  api: {
    title: 'Jetons d’API',
    intro:
      'Laissez vos autres systèmes (RH, LMS, BI) appeler l’API avec <code>Authorization: Bearer</code>, jamais au-delà du rôle choisi.',
    namePlaceholder: 'Par exemple : synchro LMS de nuit',
    role: 'Agit avec le rôle',
    expiresAfter: 'Expire au bout de',
    expiry: { '30': '30 jours', '90': '90 jours', '180': '6 mois', '365': '1 an' },
    readOnly: 'Lecture seule (le jeton peut seulement lire, jamais rien modifier)',
    secretOnce: 'Copiez ce jeton maintenant : il n’est affiché qu’une fois.',
    loadFailed: 'Impossible de charger les jetons d’API : {{message}}',
    none: 'Aucun jeton d’API pour l’instant.',
    roleReadOnly: '{{role}}, lecture seule',
    expires: 'Expire le {{date}}',
    notCreatedDescription: 'Impossible de créer le jeton d’API.',
    revokeFailedDescription: 'Impossible de révoquer le jeton d’API.',
    revokeDescription: 'Toute requête avec ce jeton est désormais refusée.',
  },
  scim: {
    title: 'Provisionnement des utilisateurs (SCIM)',
    intro:
      'Laissez votre fournisseur d’identité (Okta, Microsoft Entra ID) créer, mettre à jour et désactiver les membres et les postes de votre organisation.',
    tokenName: 'Nom du jeton',
    namePlaceholder: 'Nom du jeton, par exemple Okta',
    secretOnce:
      'Copiez ce jeton maintenant : il n’est affiché qu’une fois. Collez-le avec l’URL de base dans votre fournisseur d’identité.',
    baseUrl: 'URL de base',
    token: 'Jeton',
    loadFailed: 'Impossible de charger les jetons SCIM : {{message}}',
    none: 'Aucun jeton SCIM pour l’instant.',
    notCreatedDescription: 'Impossible de créer le jeton SCIM.',
    revokeFailedDescription: 'Impossible de révoquer le jeton SCIM.',
    revokeDescription:
      'Votre fournisseur d’identité est refusé dès sa prochaine requête avec ce jeton.',
  },
};
