import type { Catalog } from '../en';

export const onboardingSteps: Catalog['onboardingSteps'] = {
  counts: {
    members_one: '{{count}} membre',
    members_many: '{{count}} membres',
    members_other: '{{count}} membres',
    invitations_one: '{{count}} invitation en attente',
    invitations_many: '{{count}} invitations en attente',
    invitations_other: '{{count}} invitations en attente',
    signIns_one: '{{count}} connexion',
    signIns_many: '{{count}} connexions',
    signIns_other: '{{count}} connexions',
    sops_one: '{{count}} mode opératoire traité',
    sops_many: '{{count}} modes opératoires traités',
    sops_other: '{{count}} modes opératoires traités',
    evaluations_one: '{{count}} évaluation publiée',
    evaluations_many: '{{count}} évaluations publiées',
    evaluations_other: '{{count}} évaluations publiées',
    observations_one: '{{count}} observation terminée',
    observations_many: '{{count}} observations terminées',
    observations_other: '{{count}} observations terminées',
    cameras_one: '{{count}} caméra attribuée',
    cameras_many: '{{count}} caméras attribuées',
    cameras_other: '{{count}} caméras attribuées',
    organizations_one: '{{count}} organisation',
    organizations_many: '{{count}} organisations',
    organizations_other: '{{count}} organisations',
    samlOrganizations_one: '{{count}} organisation SAML',
    samlOrganizations_many: '{{count}} organisations SAML',
    samlOrganizations_other: '{{count}} organisations SAML',
    admins_one: '{{count}} administrateur',
    admins_many: '{{count}} administrateurs',
    admins_other: '{{count}} administrateurs',
    accounts_one: '{{count}} compte responsable, manager ou opérateur',
    accounts_many: '{{count}} comptes responsable, manager ou opérateur',
    accounts_other: '{{count}} comptes responsable, manager ou opérateur',
    invited_one: '{{count}} personne invitée',
    invited_many: '{{count}} personnes invitées',
    invited_other: '{{count}} personnes invitées',
  },
  steps: {
    people_none: {
      label: 'Importez ou invitez votre personnel',
      detail: 'Personne en dehors des administrateurs pour l’instant',
    },
    people: {
      label: 'Importez ou invitez votre personnel',
      detail: '{{members}} en plus des administrateurs, {{invitations}}',
    },
    sign_in_saml: {
      label: 'Testez l’authentification unique',
      detail: '{{signIns}} via votre fournisseur d’identité',
    },
    sign_in_password: {
      label: 'Testez la connexion',
      detail: '{{signIns}} avec mot de passe',
    },
    first_sop: {
      label: 'Traitez votre premier mode opératoire',
      detail: '{{sops}}',
    },
    first_evaluation: {
      label: 'Publiez votre première évaluation',
      detail: '{{evaluations}}',
    },
    first_observation: {
      label: 'Réalisez votre première observation',
      detail: '{{observations}}',
    },
    camera_system: {
      label: 'Connectez un système de caméras',
      detail: '{{cameras}}',
    },
    organization: {
      label: 'Créer l’organisation',
      detail: '{{organizations}}',
    },
    organization_with_platform: {
      label: 'Créer l’organisation',
      detail: '{{organizations}}, celle de la plateforme comprise (clientes : {{client}})',
    },
    sso_identifier: {
      label: 'Configurer l’organisation Auth0',
      detail: '{{organizations}} avec un identifiant SSO',
    },
    saml_complete: {
      label: 'Configurer le SSO SAML si nécessaire',
      detail: 'Chaque organisation SAML a son identifiant',
    },
    saml_missing: {
      label: 'Configurer le SSO SAML si nécessaire',
      detail: '{{samlOrganizations}} sans identifiant',
    },
    admins: {
      label: 'Créer les administrateurs',
      detail: '{{admins}}',
    },
    users: {
      label: 'Importer les utilisateurs existants',
      detail: '{{accounts}}',
    },
    settings_saved: {
      label: 'Configurer l’organisation',
      detail: 'Consignes d’IA enregistrées',
    },
    settings_unsaved: {
      label: 'Configurer l’organisation',
      detail: 'Consignes d’IA pas encore enregistrées',
    },
    auth_test: {
      label: 'Tester la connexion',
      detail: '{{signIns}} par des utilisateurs des organisations',
    },
    materials: {
      label: 'Envoyer les documents d’accueil',
      detail: '{{accepted}} sur {{invited}} ont terminé leur inscription',
    },
  },
};
