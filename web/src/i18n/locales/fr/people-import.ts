import { PEOPLE_IMPORT_REASONS_FR } from '@hub/proto';
import type { Catalog } from '../en';
import { protoTexts } from '../proto-texts';

export const peopleImport: Catalog['peopleImport'] = {
  title: 'Importer des personnes',
  subtitle:
    'Invitez toute une équipe depuis un tableur. Chaque ligne est vérifiée avant toute invitation.',
  back: 'Retour à l’équipe',
  chooseTitle: '1. Choisissez un fichier CSV',
  columns:
    'Colonnes, nommées sur la première ligne (majuscules et accents indifférents) : <b>adresse e-mail</b> (ou <b>courriel</b>), <b>nom</b> (complet, ou <b>prénom</b> et <b>nom</b>), <b>rôle</b> (administrateur, responsable formation, manager ou opérateur, ou son nom anglais ; vide : opérateur pour une nouvelle personne, inchangé pour un membre), <b>fonctions</b> (plusieurs, séparées par <code>;</code>, <code>|</code> ou <code>,</code>) et, en option, <b>langue</b> (français, anglais ou espagnol) et <b>fuseau horaire</b>. Les noms anglais sont lus aussi : <b>email</b>, <b>name</b> (ou <b>first name</b> et <b>last name</b>), <b>role</b>, <b>job functions</b>, <b>language</b> et <b>time zone</b>.',
  saveAs:
    'Dans Excel, enregistrez en « CSV UTF-8 » ; dans Google Sheets, téléchargez en CSV. 100 000 lignes au maximum.',
  organization: 'Organisation',
  chooseOrganization: 'Choisissez une organisation',
  file: 'Fichier CSV (UTF-8, 10 Mo maximum)',
  checking: 'Vérification de chaque ligne…',
  checkTitle: '2. Vérifiez ce qui va se passer',
  rows_one: '{{fileName}} : {{rows}} ligne.',
  rows_many: '{{fileName}} : {{rows}} de lignes.',
  rows_other: '{{fileName}} : {{rows}} lignes.',
  plan: { create: 'Nouveaux', update: 'Mis à jour', unchanged: 'Inchangés', refused: 'Refusés' },
  updateExisting:
    'Mettre à jour les membres existants (nom, rôle, langue, fuseau horaire ; les postes sont ajoutés)',
  apply_one: 'Appliquer : inviter {{n}} personne',
  apply_many: 'Appliquer : inviter {{n}} de personnes',
  apply_other: 'Appliquer : inviter {{n}} personnes',
  refused: 'Lignes refusées',
  refusedFirst: 'Lignes refusées (les {{shown}} premières sur {{total}})',
  row: 'Ligne',
  email: 'E-mail',
  reason: 'Motif',
  /** Proto's sentences, which the server's rejected-rows CSV uses too. */
  reasons: protoTexts(PEOPLE_IMPORT_REASONS_FR),
  importTitle: '3. Import',
  progress: 'Avancement de l’import',
  counts: {
    created_one: '{{n}} créé',
    created_many: '{{n}} créés',
    created_other: '{{n}} créés',
    updated_one: '{{n}} mis à jour',
    updated_many: '{{n}} mis à jour',
    updated_other: '{{n}} mis à jour',
    unchanged_one: '{{n}} inchangé',
    unchanged_many: '{{n}} inchangés',
    unchanged_other: '{{n}} inchangés',
    refused_one: '{{n}} non importé',
    refused_many: '{{n}} non importés',
    refused_other: '{{n}} non importés',
    invited_one: '{{n}} invitation envoyée',
    invited_many: '{{n}} d’invitations envoyées',
    invited_other: '{{n}} invitations envoyées',
  },
  report: '{{created}}, {{updated}}, {{unchanged}}, {{refused}} ; {{invited}}.',
  downloadRefused: 'Télécharger les lignes non importées (CSV)',
  another: 'Choisissez un autre fichier ci-dessus pour importer d’autres personnes.',
  resume: 'Reprendre l’import',
  resumeHint:
    'Les lignes déjà appliquées sont gardées ; la reprise continue là où l’import s’est arrêté.',
  state: {
    rows_one: '{{processed}} sur {{total}} ligne',
    rows_many: '{{processed}} sur {{total}} de lignes',
    rows_other: '{{processed}} sur {{total}} lignes',
    waiting: 'En attente de démarrage…',
    running: 'Import en cours : {{rows}}, {{invited}}',
    done: 'Terminé : {{rows}}',
    failed: 'L’import s’est arrêté : {{error}}',
    unknownError: 'erreur inconnue',
  },
};
