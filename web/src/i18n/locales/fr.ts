import type { Catalog } from './en';
import { format } from './fr/format';
import { ui } from './fr/ui';
import { mySops } from './fr/mySops';
import { certifications } from './fr/certifications';
import { evaluations } from './fr/evaluations';
import { insights } from './fr/insights';
import { skills } from './fr/skills';
import { training } from './fr/training';
import { library } from './fr/library';
import { toast } from './fr/toast';
import { pages } from './fr/pages';
import { access } from './fr/access';
import { organizationExport } from './fr/organization-export';
import { observations } from './fr/observations';
import { admin } from './fr/admin';
import { audit } from './fr/audit';
import { faces } from './fr/faces';
import { onboarding } from './fr/onboarding';
import { team } from './fr/team';
import { activity } from './fr/activity';
import { profile } from './fr/profile';
import { recommendations } from './fr/recommendations';
import { peopleImport } from './fr/people-import';
import { unknownPeople } from './fr/unknown-people';
import { floor } from './fr/floor';
import { integrations } from './fr/integrations';
import { videos } from './fr/videos';

/** French for the plant floor: vous, short and direct, the words a French-speaking plant uses. */
export const fr: Catalog = {
  common: {
    loading: 'Chargement...',
    tryAgain: 'Réessayer',
    saving: 'Enregistrement...',
    notAvailable: 'Non disponible',
  },
  roles: {
    super_admin: 'super-administrateur',
    admin: 'administrateur',
    training_supervisor: 'responsable formation',
    manager: 'manager',
    operator: 'opérateur',
  },
  theme: { light: 'Clair', dark: 'Sombre', system: 'Système' },
  signIn: {
    signingIn: 'Connexion en cours...',
    startingSso: 'Connexion SAML SSO en cours...',
    title: 'Bon retour parmi nous',
    subtitle: 'Connectez-vous avec le compte de votre organisation',
    formLabel: 'Connexion',
    organization: 'Organisation',
    chooseOrganization: 'Choisissez votre organisation',
    email: 'E-mail',
    emailPlaceholder: 'vous@entreprise.fr',
    samlAvailable: 'SAML disponible',
    password: 'Mot de passe',
    showPassword: 'Afficher le mot de passe',
    hidePassword: 'Masquer le mot de passe',
    rememberMe: 'Rester connecté',
    forgotPassword: 'Mot de passe oublié ?',
    submit: 'Se connecter',
    orContinueWith: 'Ou continuer avec',
    sso: 'SSO SAML',
    noAccount: 'Pas encore de compte ?',
    signUp: 'Créer un compte',
    needAccess: 'Besoin d’un accès ?',
    contactAdministrator: 'Contactez votre administrateur',
    authenticating: 'Vérification de votre identité...',
    completingLogin: 'Merci de patienter, nous finalisons votre connexion.',
  },
  invitation: {
    verifyFailed: 'Impossible de vérifier l’invitation. Veuillez réessayer.',
    invalidLink:
      'Ce lien de création de mot de passe n’est pas valide ou a expiré. Retour à la page de connexion...',
    verifying: 'Vérification...',
    setupTitle: 'Créez votre mot de passe',
    setupGreeting:
      'Bienvenue, {{name}} ! Choisissez un mot de passe pour votre compte {{organization}} ({{email}}).',
    needsPhoto: 'Votre compte a d’abord besoin d’une photo de profil.',
    completeAccountLink: 'Compléter mon compte',
    passwordSetTitle: 'Mot de passe enregistré',
    passwordSetDescription:
      'Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.',
    settingPassword: 'Enregistrement du mot de passe...',
    setPassword: 'Enregistrer le mot de passe',
    completeTitle: 'Complétez votre compte',
    completeGreeting:
      'Bienvenue, {{name}} ! Ajoutez votre photo et choisissez un mot de passe pour votre compte {{organization}} ({{email}}).',
    setupCompleteTitle: 'Votre compte est prêt !',
    setupCompleteDescription:
      'Votre photo et votre mot de passe sont enregistrés. Vous pouvez maintenant vous connecter.',
    settingUp: 'Création du compte...',
    completeSetup: 'Terminer la création du compte',
    password: 'Mot de passe',
    confirmPassword: 'Confirmez le mot de passe',
    requirements: 'Règles du mot de passe',
    passwordsMatch: 'Les mots de passe sont identiques',
    passwordsDiffer: 'Les mots de passe ne sont pas identiques',
    invalidFile: 'Fichier non valide',
    photoAlt: 'Votre photo de profil',
    choosePhoto: 'Ajouter une photo de profil',
    chooseAnotherPhoto: 'Choisir une autre photo',
    photoLabel: 'Photo de profil',
    photoHint:
      'Obligatoire. Une photo nette de votre visage, de face (JPEG ou PNG, 5 Mo maximum) ; elle sert à vous reconnaître dans les vidéos de performance.',
  },
  shell: {
    unreachable: 'Le serveur est injoignable.',
    toggleSidebar: 'Afficher ou masquer le menu latéral',
    menu: 'Menu',
    hideMenu: 'Masquer le menu',
    showMenu: 'Afficher le menu',
    organizationHub: 'Hub {{organization}}',
    mainNavigation: 'Principal',
    offline:
      'Hors ligne ({{name}}) : seuls les modes opératoires déjà ouverts sur cet appareil sont lisibles.',
    openUserMenu: 'Ouvrir le menu utilisateur',
    profile: 'Mon profil',
    activity: 'Activité et notifications',
    integrations: 'Intégrations',
    theme: 'Thème',
    selected: 'sélectionné',
    logout: 'Se déconnecter',
  },
  nav: {
    'Admin Dashboard': 'Tableau de bord admin',
    Hub: 'Accueil',
    Operations: 'Opérations',
    Insights: 'Analyses',
    Certifications: 'Habilitations',
    'Job Functions': 'Postes de travail',
    Observations: 'Observations',
    'Skills Matrix': 'Matrice de polyvalence',
    Progress: 'Progression',
    'Team Overview': 'Mon équipe',
    Library: 'Bibliothèque',
    Documents: 'Documents',
    Videos: 'Vidéos',
    Training: 'Formation',
    Equipment: 'Équipements',
    'Floor View': 'Vue atelier',
  },
  settings: {
    title: 'Paramètres',
    subtitle: 'Votre profil, vos notifications, la sécurité et vos préférences',
    notifications: {
      title: 'Notifications',
      loadFailed: 'Impossible de charger vos préférences : {{message}}',
      email: 'E-mail',
      emailDescription: 'Chaque nouvelle notification vous est aussi envoyée par e-mail.',
      inApp: 'Dans l’application',
      inAppDescription:
        'Les notifications s’affichent dans l’application quand vous êtes connecté.',
      weekly: 'Bilan hebdomadaire',
      weeklyDescription: 'Un résumé de votre activité chaque semaine.',
      browserPush: 'Notifications du navigateur',
      sms: 'SMS',
      savedTitle: 'Notifications mises à jour',
      savedDescription: 'Vos préférences de notification sont enregistrées.',
      failedTitle: 'Échec de la mise à jour',
      failedDescription: 'Impossible d’enregistrer vos préférences de notification.',
    },
    security: {
      title: 'Sécurité',
      endOthers: 'Déconnecter les autres sessions',
      endOthersTitle: 'Déconnecter toutes les autres sessions ?',
      endOthersDescription_one: 'Votre autre session devra se reconnecter.',
      endOthersDescription_many: 'Vos {{count}} autres sessions devront se reconnecter.',
      endOthersDescription_other: 'Vos {{count}} autres sessions devront se reconnecter.',
      signOut: 'Déconnecter',
      loadFailed: 'Impossible de charger vos sessions : {{message}}',
      passwordChanged: 'Dernier changement de mot de passe : {{when}}',
      notRecorded: 'non enregistré',
      activeSessions: 'Sessions ouvertes',
      thisDevice: 'Cet appareil',
      unknownAddress: 'Adresse inconnue',
      sessionTimes: '{{address}} · Connexion {{signedIn}} · Dernière activité',
      updatedTitle: 'Sessions mises à jour',
      failedTitle: 'Échec de la déconnexion',
      failedDescription: 'Impossible de déconnecter cette session.',
    },
    preferences: {
      title: 'Préférences',
      language: 'Langue',
      languageAutomatic: 'Automatique ({{language}})',
      languageAutomaticHint:
        'En automatique, la langue par défaut de votre organisation s’applique, sinon celle de votre navigateur.',
      timeZone: 'Fuseau horaire',
      deviceTimeZone: 'Le fuseau horaire de cet appareil',
      dateFormat: 'Format de date',
      theme: 'Thème',
      save: 'Enregistrer les préférences',
      savedTitle: 'Préférences enregistrées',
      savedDescription: 'La langue, les dates et le thème suivent désormais vos choix.',
      failedTitle: 'Échec de l’enregistrement',
      failedDescription: 'Impossible d’enregistrer vos préférences.',
    },
    organization: {
      title: 'Organisation',
      description:
        'Les membres qui n’ont pas choisi de langue voient l’application, leurs e-mails et leurs certificats dans celle-ci.',
      language: 'Langue par défaut',
      browserLanguage: 'La langue du navigateur de chaque membre',
      save: 'Enregistrer',
      savedTitle: 'Organisation mise à jour',
      savedDescription: 'La langue par défaut est enregistrée.',
      failedTitle: 'Échec de l’enregistrement',
      failedDescription: 'Impossible d’enregistrer les paramètres de l’organisation.',
      loadFailed: 'Impossible de charger les paramètres de l’organisation : {{message}}',
    },
  },
  hub: {
    welcome: 'Bienvenue sur le Hub {{organization}}',
    subtitle: 'Voici où en est votre activité aujourd’hui',
    statsFailed: 'Impossible de charger les chiffres : {{message}}',
    totalUsers: 'Utilisateurs',
    totalUsersCaption: 'Comptes enregistrés dans le système',
    activeUsers: 'Utilisateurs actifs',
    activeUsersCaption: 'Comptes actifs en ce moment',
    todayLogins: 'Connexions du jour',
    todayLoginsCaption: 'Utilisateurs connectés aujourd’hui',
    quickActions: 'Actions rapides',
    actions: {
      'Schedule Training Session': 'Planifier une formation',
      'Generate Reports': 'Sortir des rapports',
      'Review Certifications': 'Suivre les habilitations',
    },
    recentActivity: 'Activité récente',
    activityFailed: 'Impossible de charger l’activité récente.',
    noActivity: 'Aucune activité récente pour le moment',
    performance: 'Vue d’ensemble des performances',
    attendanceRate: 'Taux de présence',
    performanceScore: 'Score de performance',
    trainingCompletion: 'Formations terminées',
    monthlyGrowth: 'Évolution mensuelle',
  },
  format,
  ui,
  mySops,
  certifications,
  evaluations,
  insights,
  skills,
  training,
  library,
  toast,
  pages,
  access,
  organizationExport,
  observations,
  admin,
  audit,
  faces,
  onboarding,
  team,
  activity,
  profile,
  recommendations,
  peopleImport,
  unknownPeople,
  floor,
  integrations,
  videos,
};
