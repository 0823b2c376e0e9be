import type { Catalog } from '../en';

export const peopleImport: Catalog['peopleImport'] = {
  title: 'Importer des personnes',
  subtitle:
    'Invitez toute une équipe depuis un tableur. Chaque ligne est vérifiée avant toute invitation.',
  back: 'Retour à l’équipe',
  chooseTitle: '1. Choisissez un fichier CSV',
  columns:
    'Colonnes, nommées sur la première ligne : <b>email</b>, <b>name</b>, <b>role</b> (admin, training supervisor, manager ou operator ; vide : operator pour une nouvelle personne, inchangé pour un membre), <b>job functions</b> (plusieurs, séparées par <code>;</code>, <code>|</code> ou <code>,</code>) et, en option, <b>language</b> et <b>time zone</b>.',
  saveAs:
    'Dans Excel, enregistrez en « CSV UTF-8 » ; dans Google Sheets, téléchargez en CSV. 100 000 lignes au maximum.',
  organization: 'Organisation',
  chooseOrganization: 'Choisissez une organisation',
  file: 'Fichier CSV (UTF-8, 10 Mo maximum)',
  checking: 'Vérification de chaque ligne…',
  checkTitle: '2. Vérifiez ce qui va se passer',
  rows: '{{fileName}} : {{rows}} lignes.',
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
  // The role and column words stay as the server reads them (see `columns`).
  reasons: {
    email_missing: 'E-mail manquant.',
    email_too_long: 'L’e-mail dépasse {{limit}} caractères.',
    email_invalid: '« {{email}} » n’est pas une adresse e-mail valide.',
    email_duplicate: 'E-mail en double : déjà présent ligne {{row}}.',
    extra_cells: 'Cette ligne a plus de cellules que l’en-tête.',
    name_missing: 'Nom manquant.',
    name_too_long: 'Le nom dépasse {{limit}} caractères.',
    super_admin_role: 'Le rôle de super-administrateur ne peut pas être importé.',
    role_unknown: 'Rôle inconnu « {{role}} » (admin, training supervisor, manager ou operator).',
    job_functions_too_long: 'Les postes dépassent {{limit}} caractères.',
    job_function_unknown: 'Poste inconnu « {{name}} ».',
    language_unknown: 'Langue inconnue « {{language}} » ({{languages}}).',
    time_zone_unknown: 'Fuseau horaire inconnu « {{timeZone}} ».',
    email_domain_of_another_organization:
      'Le domaine de cet e-mail appartient à une autre organisation.',
    email_of_another_organization: 'Cet e-mail est déjà utilisé par une autre organisation.',
    super_admin_unchangeable: 'Le super-administrateur ne peut pas être modifié par un import.',
    own_role_unchangeable: 'Votre propre rôle ne peut pas être modifié par un import.',
    email_in_use: 'Cet e-mail est déjà utilisé.',
  },
  importTitle: '3. Import',
  progress: 'Avancement de l’import',
  report:
    '{{created}} créés, {{updated}} mis à jour, {{unchanged}} inchangés, {{refused}} non importés ; {{invited}} invitations envoyées.',
  downloadRefused: 'Télécharger les lignes non importées (CSV)',
  another: 'Choisissez un autre fichier ci-dessus pour importer d’autres personnes.',
  resume: 'Reprendre l’import',
  resumeHint:
    'Les lignes déjà appliquées sont gardées ; la reprise continue là où l’import s’est arrêté.',
  state: {
    rows: '{{processed}} lignes sur {{total}}',
    waiting: 'En attente de démarrage…',
    running: 'Import en cours : {{rows}}, {{invited}} invitations envoyées',
    done: 'Terminé : {{rows}}',
    failed: 'L’import s’est arrêté : {{error}}',
    unknownError: 'erreur inconnue',
  },
};
