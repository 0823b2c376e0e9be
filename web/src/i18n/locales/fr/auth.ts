import type { auth as english } from '../en/auth';
import type { Texts } from '../types';

export const auth: Texts<typeof english> = {
  toasts: {
    loggedOutTitle: 'Déconnecté',
    loggedOutDescription: 'Vous avez bien été déconnecté.',
    validationTitle: 'Champs manquants',
    validationDescription: 'Saisissez votre adresse e-mail et votre mot de passe.',
    loginFailedTitle: 'Échec de la connexion',
    loginFailedDescription: 'Adresse e-mail ou mot de passe incorrect. Réessayez.',
    loginErrorDescription: 'Une erreur s’est produite lors de la connexion. Réessayez.',
    loginSucceededTitle: 'Connexion réussie',
    loginSucceededDescription: 'Bon retour, {{name}} !',
    ssoTitle: 'Erreur SSO',
    ssoFailed: 'Impossible de lancer la connexion SSO.',
    ssoInvalidOrganization:
      'Identifiant d’organisation non valide. Contactez votre administrateur.',
    ssoNotConfigured: 'Auth0 doit être configuré pour SAML. Contactez votre administrateur.',
    authenticationTitle: 'Erreur d’authentification',
    callbackFailed: 'Une erreur s’est produite pendant votre connexion. Réessayez.',
    signInCallbackFailed: 'Impossible de traiter l’authentification. Réessayez.',
    passwordResetTitle: 'Réinitialisation du mot de passe',
    passwordResetDescription:
      'Demandez à votre administrateur de réinitialiser votre mot de passe.',
    signUpTitle: 'Contactez votre administrateur',
    signUpDescription: 'Demandez à l’administrateur de votre organisation de vous créer un compte.',
  },
  invitation: {
    invalidLinkTitle: 'Lien non valide',
    invalidLinkDescription: 'Ce lien de création de mot de passe est non valide ou incomplet.',
    ssoSignInTitle: 'Connectez-vous avec l’authentification unique',
    expiredLinkTitle: 'Lien non valide ou expiré',
    expiredLinkDescription: 'Ce lien de création de mot de passe est non valide ou a expiré.',
    errorTitle: 'Erreur',
    verifyFailed: 'Impossible de vérifier l’invitation. Réessayez.',
    invalidPasswordTitle: 'Mot de passe non valide',
    invalidPasswordDescription: 'Votre mot de passe doit respecter toutes les règles.',
    mismatchTitle: 'Les mots de passe ne correspondent pas',
    mismatchDescription: 'Saisissez le même mot de passe dans les deux champs.',
    photoRequiredTitle: 'Photo de profil obligatoire',
    photoRequiredDescription:
      'Ajoutez une photo de profil pour terminer la création de votre compte.',
    setupFailedTitle: 'Échec de la configuration',
    passwordFailed: 'Impossible d’enregistrer le mot de passe. Réessayez.',
    passwordException:
      'Une erreur s’est produite lors de l’enregistrement de votre mot de passe. Réessayez.',
    profileFailed: 'Impossible de terminer la création du compte. Réessayez.',
    profileException: 'Une erreur s’est produite lors de la création de votre compte. Réessayez.',
  },
  samlErrors: {
    saml_invalid: 'Une erreur s’est produite pendant votre connexion. Réessayez.',
    saml_expired: 'La connexion a pris trop de temps ou a déjà été utilisée. Réessayez.',
    saml_no_account:
      'Aucun compte actif avec cette adresse e-mail dans votre organisation. Contactez votre administrateur.',
    saml_wrong_organization:
      'Cette adresse e-mail n’appartient pas à l’organisation de votre fournisseur d’identité. Contactez votre administrateur.',
    saml_not_configured:
      'L’authentification unique (SSO) n’est pas configurée pour cette organisation. Contactez votre administrateur.',
    saml_super_admin:
      'Un super administrateur ne peut pas se connecter par authentification unique (SSO). Connectez-vous avec votre adresse e-mail et votre mot de passe.',
  },
  passwordRules: {
    length: 'Au moins {{min}} caractères',
    upper: 'Une lettre majuscule',
    lower: 'Une lettre minuscule',
    digit: 'Un chiffre',
    special: 'Un caractère spécial ({{characters}})',
  },
  backToSignIn: 'Retour à la connexion',
  privacy: {
    title: 'Politique de confidentialité',
    intro:
      'Frontline Hub fonctionne pour le compte de votre organisation, qui décide qui a un compte et ce qui est enregistré. Cette page indique ce que le produit conserve sur vous et pourquoi.',
    keptTitle: 'Ce qui est conservé',
    account: 'Votre compte : nom, adresse e-mail, rôle, organisation, heures de connexion.',
    photo:
      'Votre photo de profil. Elle sert aussi à vous reconnaître dans les vidéos de travail que votre organisation importe pour les comparer à ses modes opératoires.',
    training:
      'Vos données de formation : observations de votre travail avec leurs réponses et remarques, avancement des formations, habilitations, validations de lecture des modes opératoires.',
    presence:
      'Les relevés de présence des caméras en atelier, conservés pendant la durée fixée par votre organisation.',
    log: 'Un journal des actions liées à la sécurité (connexions, modifications de compte et de droits).',
    whoTitle: 'Qui y a accès',
    who: 'Les personnes de votre organisation, selon leur rôle (un opérateur voit ses propres données ; les chefs d’équipe, responsables et administrateurs voient celles de leur organisation), et l’administrateur de la plateforme qui exploite le service. Rien n’est vendu ni partagé à des fins publicitaires.',
    choicesTitle: 'Vos choix',
    choices:
      'Vous pouvez modifier votre nom, votre adresse e-mail, votre mot de passe et vos préférences de notification depuis votre profil. Pour corriger ou supprimer d’autres données, adressez-vous à l’administrateur de votre organisation.',
  },
  terms: {
    title: 'Conditions d’utilisation',
    intro:
      'Frontline Hub est mis à la disposition de votre organisation pour former et encadrer son personnel selon ses modes opératoires. En vous connectant, vous acceptez de l’utiliser dans ce but, selon les règles de votre organisation.',
    accountTitle: 'Votre compte',
    account:
      'Votre compte est personnel : gardez votre mot de passe pour vous et déconnectez-vous sur les postes partagés. Les comptes sont créés, réinvités et supprimés par l’administrateur de votre organisation.',
    contentTitle: 'Contenus',
    content:
      'Les documents, vidéos et données appartiennent à votre organisation. N’importez que des contenus que votre organisation a le droit d’utiliser ; le produit les traite (extraction de texte, évaluations, analyse vidéo) uniquement pour rendre le service.',
    availabilityTitle: 'Disponibilité',
    availability:
      'Le service est fourni dans les conditions prévues par le contrat de votre organisation. Les questions sur ces conditions sont à adresser à l’administrateur de votre organisation.',
  },
  support: {
    title: 'Assistance',
    cannotSignInTitle: 'Impossible de vous connecter ?',
    cannotSignIn:
      'Vous ne pouvez pas réinitialiser vous-même votre mot de passe : c’est votre administrateur qui le réinitialise et renvoie les invitations. Si votre organisation se connecte par authentification unique (SSO SAML), utilisez le même compte que pour vos autres outils de travail ; en cas de problème avec ce compte, contactez votre service informatique.',
    administratorTitle: 'Contacter votre administrateur',
    administrator:
      'Chaque organisation a des administrateurs qui créent les comptes, attribuent les rôles et renvoient les liens d’invitation. Demandez à votre chef d’équipe ou à votre responsable de qui il s’agit.',
    writeToAdministrator: 'Vous pouvez aussi écrire à <mail>{{email}}</mail>.',
    administratorSubject: 'Accès au compte',
    brokenTitle: 'Quelque chose ne fonctionne pas',
    writeToSupport:
      'Écrivez à <mail>{{email}}</mail> en indiquant ce que vous avez fait, ce que vous attendiez et ce que vous avez constaté.',
    supportSubject: 'Demande d’assistance',
    tellAdministrator:
      'Indiquez à votre administrateur ce que vous avez fait, ce que vous attendiez et ce que vous avez constaté ; il peut joindre l’administrateur de la plateforme.',
  },
};
