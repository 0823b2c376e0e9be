import type { ErrorCode } from '@hub/proto';

/** What the web app shows for an API error code, in French (vous, as the rest of the app). */
export const errors: Record<ErrorCode, string> = {
  invalid_credentials: 'E-mail ou mot de passe incorrect. Veuillez réessayer.',
  sign_in_rate_limited: 'Trop de tentatives de connexion. Patientez un peu, puis réessayez.',
  session_ended: 'Votre session a pris fin. Veuillez vous reconnecter.',
  sign_in_required: 'Veuillez vous connecter pour continuer.',
  not_permitted: 'Vous n’avez pas l’autorisation de faire cela.',
  invitation_invalid: 'Ce lien de création de mot de passe est invalide ou a expiré.',
  invitation_expired:
    'Ce lien de création de mot de passe a expiré. Demandez-en un nouveau à votre administrateur.',
  invitation_used: 'Cette invitation a déjà été utilisée. Connectez-vous plutôt.',
  invitation_sso_sign_in:
    'Votre organisation utilise l’authentification unique. Connectez-vous plutôt avec le compte de votre organisation.',
  account_already_set_up: 'Cette personne a déjà terminé la création de son compte.',
  setup_photo_required: 'Ajoutez une photo de profil pour terminer la création de votre compte.',
  current_password_incorrect: 'Le mot de passe actuel est incorrect.',
  current_password_rate_limited:
    'Trop de tentatives avec un mot de passe actuel incorrect. Patientez un peu, puis réessayez.',
  email_change_needs_password: 'Saisissez votre mot de passe actuel pour changer d’e-mail.',
  email_change_link_invalid: 'Ce lien de confirmation d’e-mail est invalide ou a expiré.',
  email_change_managed_by_provider:
    'Votre e-mail est géré par le fournisseur d’identité de votre organisation.',
  email_taken: 'Cette adresse e-mail est déjà utilisée par un autre compte.',
  user_email_exists: 'Un utilisateur avec cet e-mail existe déjà.',
  email_domain_of_another_organization:
    'Le domaine de cet e-mail appartient à une autre organisation.',
  job_function_exists: 'Un poste porte déjà ce nom.',
  tag_exists: 'Une étiquette porte déjà ce nom.',
  image_required: 'Veuillez choisir un fichier image.',
  photo_type: 'Veuillez choisir une image JPEG ou PNG.',
  profile_picture_too_large: 'La photo de profil doit faire moins de 5 Mo.',
  pdf_required: 'Veuillez choisir un fichier PDF à importer.',
  pdf_too_large: 'Le PDF dépasse 50 Mo. Veuillez importer un fichier plus petit.',
  video_required: 'Veuillez choisir un fichier vidéo à importer.',
  video_type: 'Veuillez choisir un fichier vidéo valide (MP4, MPEG, MOV, AVI).',
  video_too_large: 'Veuillez choisir une vidéo de moins de 2 Go.',
  video_upload_unconfirmed:
    'Votre vidéo a bien été reçue, mais le service vidéo tarde à l’enregistrer. Consultez la liste des vidéos dans une minute avant de la téléverser à nouveau.',
  face_photo_required: 'Veuillez choisir une photo du visage.',
  face_photo_type: 'Veuillez choisir une photo JPEG ou PNG.',
  face_photo_too_large: 'La photo doit faire moins de 5 Mo.',
  csv_required: 'Veuillez choisir un fichier CSV.',
  csv_too_large: 'Le fichier dépasse 10 Mo. Découpez-le en fichiers plus petits.',
  csv_type:
    'Ce fichier n’est pas un fichier CSV. Enregistrez la feuille de calcul en CSV (UTF-8) et réessayez.',
  document_not_found: 'Document introuvable.',
  evaluation_not_found: 'Évaluation introuvable.',
  user_not_found: 'Utilisateur introuvable.',
  organization_not_found: 'Organisation introuvable.',
  sensor_token_invalid: 'Jeton de capteur non valide.',
  job_function_not_found: 'Poste introuvable.',
  recommendation_not_found: 'Recommandation introuvable.',
  session_not_found: 'Cette session est introuvable ou a déjà pris fin.',
  file_link_expired: 'Ce lien a expiré. Veuillez rouvrir le fichier.',
  observation_already_completed: 'Cette observation est déjà terminée.',
  observation_key_of_another_question:
    'Cette clé d’idempotence a déjà servi pour une autre question de cette observation.',
  observation_key_of_another_observation:
    'Cette clé d’idempotence a déjà servi à démarrer une autre observation.',
  observation_findings_limit: 'Une observation peut compter au plus {{limit}} constats.',
  recommendation_decided: 'Cette recommandation n’est plus active.',
  acknowledged_version_not_current:
    'Une version plus récente de ce mode opératoire a été déposée. Lisez-la avant de valider sa lecture.',
  acknowledged_version_processing:
    'Cette version du mode opératoire est encore en cours de traitement. Validez sa lecture une fois son contenu prêt.',
  retry_only_failed: 'Seul un document dont le traitement a échoué peut être relancé.',
  evaluation_changed:
    'Quelqu’un d’autre a modifié cette évaluation. Rechargez pour voir la dernière version.',
  course_changed:
    'Quelqu’un d’autre a modifié cette formation. Rechargez pour voir la dernière version.',
  option_required: 'Veuillez choisir une réponse pour continuer.',
  document_with_evaluation_required: 'Veuillez choisir un document doté d’une évaluation.',
  observe_self: 'Choisissez un autre opérateur : vous ne pouvez pas vous observer vous-même.',
  observe_not_observable:
    'Choisissez un autre opérateur : seuls les opérateurs et superviseurs de formation actifs peuvent être observés.',
  question_not_in_observation: 'Cette question ne fait pas partie de cette observation.',
  observation_own: 'Vous ne pouvez pas enregistrer votre propre observation.',
  evaluation_observed:
    'Vous êtes observé sur ce SOP. Son évaluation pourra être modifiée une fois votre observation terminée.',
  observation_of_observed_sop:
    'Vous êtes observé sur ce mode opératoire. Ses autres observations pourront être lues une fois la vôtre terminée.',
  observing_while_observed:
    'Vous êtes observé sur ce mode opératoire. Vous pourrez y observer d’autres personnes une fois votre observation terminée.',
  evaluation_unpublished:
    'Cette évaluation n’est pas encore publiée. Publiez-la avant de commencer une observation.',
  course_sops_unpublished: 'Ces modes opératoires n’ont aucune évaluation publiée : {{titles}}.',
  members_unknown: 'Certaines de ces personnes ne sont pas membres de votre organisation.',
  sops_unknown:
    'Certains de ces modes opératoires ne sont pas des modes opératoires traités de votre organisation.',
  video_sops_invalid:
    'Seuls les modes opératoires traités de votre organisation peuvent être liés à une vidéo.',
  camera_sops_invalid:
    'Seuls les modes opératoires traités de l’organisation de la caméra peuvent lui être associés.',
  camera_unknown: 'Le système de caméras ne connaît pas cette caméra.',
  organization_required: 'Choisissez une organisation.',
  password_too_common:
    'Ce mot de passe est trop courant. Choisissez-en un plus difficile à deviner.',
  picture_unreadable: 'L’image n’a pas pu être ouverte. Envoyez une photo JPEG ou PNG.',
  picture_upload_missing: 'La photo envoyée est introuvable. Envoyez-la à nouveau.',
  reference_limit:
    'Une personne a au plus {{limit}} photos de référence. Supprimez-en une avant d’en ajouter une autre.',
  review_member_required: 'Choisissez un membre de votre organisation.',
  review_no_report: 'Cette vidéo n’a aucun rapport d’analyse à vérifier.',
  review_face_not_identified: 'Ce visage n’est plus identifié. Rechargez le rapport.',
  review_face_named: 'Ce visage a déjà un nom. Rechargez le rapport.',
  review_face_unknown: 'Ce visage ne figure pas dans le rapport. Rechargez le rapport.',
  review_report_replaced: 'Une nouvelle analyse a remplacé ce rapport. Rechargez le rapport.',
  review_analysis_running:
    'Cette vidéo est en cours de nouvelle analyse. Vérifiez ses visages une fois l’analyse terminée.',
  review_analysis_failed:
    'La dernière analyse de cette vidéo a échoué. Analysez-la à nouveau pour vérifier ses visages.',
  review_member_seen_together:
    '{{name}} est déjà identifié dans les mêmes images de cette vidéo : deux visages vus ensemble ne peuvent pas être la même personne.',
  unknown_person_none_named:
    'Aucun visage de cette personne n’a pu être nommé pour l’instant : ses vidéos sont en cours de nouvelle analyse ou leur analyse a échoué, ou le membre apparaît à côté d’elle.',
  webhook_address_refused: 'Cette adresse ne peut pas recevoir de webhooks : {{detail}}.',
  webhook_endpoint_limit:
    'Une organisation peut avoir au plus {{limit}} webhooks. Supprimez-en un d’abord.',
  saml_certificate_invalid:
    'Le certificat de signature n’est pas un certificat X.509 valide (PEM ou base64).',
  saml_metadata_unusable:
    'Les métadonnées du fournisseur d’identité sont inutilisables : {{detail}}',
  saml_settings_incomplete: 'Les réglages du fournisseur d’identité sont incomplets.',
  current_session_not_ended: 'Pour mettre fin à cette session, déconnectez-vous.',
  csv_columns_missing:
    'La première ligne doit nommer les colonnes, en français ou en anglais : adresse e-mail (email), nom (name ; ou prénom et nom), rôle (role), fonctions (job functions) ; langue (language) et fuseau horaire (time zone) sont facultatives. La colonne « {{column}} » est introuvable.',
  csv_unreadable: 'Le fichier n’a pas pu être lu comme un CSV : {{detail}}',
  csv_empty: 'Le fichier est vide.',
  parent_folder_missing: 'Le dossier parent n’existe pas.',
  folder_missing: 'Ce dossier n’existe pas.',
  reading_in_future: 'La mesure est datée dans le futur.',
  area_name_unknown: 'Aucune zone ne porte ce nom.',
  floor_area_limit:
    'Une organisation peut avoir au plus {{limit}} zones. Supprimez-en une d’abord.',
  floor_station_limit:
    'Une organisation peut avoir au plus {{limit}} postes. Supprimez-en un d’abord.',
  sensor_reading_empty:
    'La mesure ne contient rien : envoyez temperature, humidity, airQuality ou noiseLevel.',
  account_suspended:
    'Votre compte a été suspendu par votre organisation. Contactez votre administrateur.',
  account_not_active:
    'Votre compte n’est pas encore actif. Terminez sa configuration depuis l’e-mail d’invitation.',
  invitation_send_failed: 'L’invitation n’a pas pu être envoyée : {{detail}}',
  organization_domain_exists: 'Une organisation utilise déjà ce domaine.',
  own_organization_undeletable:
    'L’organisation du super administrateur ne peut pas être supprimée.',
  super_admin_undeletable: 'Le compte du super administrateur ne peut pas être supprimé ici.',
  sso_organization_in_use: 'Une autre organisation utilise déjà cet ID d’organisation Auth0.',
  csv_too_many_rows:
    'Le fichier compte plus de 100 000 lignes. Découpez-le en fichiers plus petits.',
  camera_already_assigned: 'Cette caméra est déjà affectée à une organisation.',
  area_exists: 'Une zone porte déjà ce nom.',
  station_exists: 'Cette zone a déjà un poste portant ce nom.',
  credentials_unreadable:
    'Les identifiants enregistrés ne peuvent pas être lus avec les clés configurées ; configurez à nouveau l’intégration.',
  document_not_processed: 'Le document doit être traité avant de pouvoir générer une évaluation.',
  course_not_completed: 'Terminez la formation avant de la noter.',
  video_already_analysing: 'Cette vidéo est déjà en cours d’analyse. Attendez la fin de l’analyse.',
  observation_not_found: 'Séance d’observation introuvable.',
  finding_not_found: 'Constat introuvable.',
  certification_not_found: 'Certification introuvable.',
  certificate_code_unknown: 'Aucun certificat n’a ce code de vérification.',
  course_not_found: 'Formation introuvable.',
  team_member_not_found: 'Membre de l’équipe introuvable.',
  people_import_not_found: 'Cet import est introuvable.',
  people_import_invitations_not_sent:
    'Les invitations n’ont pas pu être envoyées (personnes concernées : {{number}} ; {{detail}}). Reprenez l’import pour les envoyer.',
  people_import_stopped_by_restore:
    'Arrêté par la restauration d’une sauvegarde. Reprenez l’import pour le terminer.',
  people_import_interrupted:
    'Arrêté : le processus qui l’appliquait a été interrompu plus d’une fois. Reprenez l’import pour le terminer.',
  people_import_lost:
    'Arrêté : sa tâche a été perdue de la file des imports. Reprenez l’import pour le terminer.',
  people_import_failed:
    'Une erreur inattendue a arrêté l’import. Reprenez l’import pour le terminer.',
  member_not_in_organization: 'Cette personne n’est pas membre de votre organisation.',
  people_changed_while_read:
    'Les personnes ont changé pendant la lecture de la liste. Veuillez réessayer.',
  webhook_delivery_in_flight:
    'Cet envoi est encore en cours ou attend sa prochaine tentative. Renvoyez-le une fois qu’il a abouti ou échoué.',
  webhook_endpoint_disabled:
    'Ce point de terminaison est désactivé : rien ne lui est envoyé. Réactivez-le pour envoyer.',
  version_not_found: 'Version introuvable.',
  version_content_missing:
    'Le contenu de la version {{version}} n’est pas encore disponible ; elle est peut-être encore en cours de traitement.',
  document_content_missing:
    'Le contenu du document n’est pas encore disponible ; il est peut-être encore en cours de traitement.',
  no_evaluation: 'Aucune évaluation n’est disponible pour ce document.',
  image_not_found: 'Image introuvable.',
  picture_not_found: 'Photo introuvable.',
  video_not_found: 'Vidéo introuvable.',
  video_stream_unavailable: 'La vidéo n’a pas pu être chargée.',
  unknown_person_not_found: 'Personne inconnue introuvable. Elle a peut-être déjà été identifiée.',
  face_not_found: 'Visage introuvable.',
  reference_not_found: 'Photo de référence introuvable.',
  area_not_found: 'Zone introuvable.',
  station_not_found: 'Poste introuvable.',
  camera_not_found: 'Caméra introuvable.',
  assignment_not_found: 'Affectation de caméra introuvable.',
  integration_not_found: 'Intégration introuvable.',
  api_token_not_found: 'Jeton d’API introuvable.',
  scim_token_not_found: 'Jeton SCIM introuvable.',
  webhook_not_found: 'Webhook introuvable.',
  delivery_not_found: 'Envoi introuvable.',
  notification_not_found: 'Notification introuvable.',
  saml_not_configured:
    'L’authentification unique n’est pas configurée pour cette organisation. Contactez votre administrateur.',
  saml_unknown_organization: 'Aucune organisation SAML ne porte cet identifiant.',
  credentials_required: 'Saisissez votre e-mail et votre mot de passe.',
  password_too_short: 'Le mot de passe doit contenir au moins 8 caractères.',
  setup_link_incomplete: 'Ce lien de création de mot de passe est invalide ou incomplet.',
  name_required: 'Saisissez un nom.',
  folder_name_required: 'Saisissez un nom de dossier.',
  tag_name_required: 'Saisissez un nom d’étiquette.',
  tag_color_required: 'Choisissez une couleur.',
  version_changes_required: 'Décrivez ce qui a changé dans cette version.',
  job_function_name_required: 'Saisissez un nom de poste.',
  job_function_name_too_long: 'Le nom d’un poste ne peut pas dépasser 120 caractères.',
  job_function_too_many_sops: 'Un poste peut exiger au plus {{limit}} modes opératoires.',
  course_difficulty_choice: 'Choisissez le niveau : Débutant, Intermédiaire ou Avancé.',
  operator_required: 'Choisissez l’opérateur à observer.',
  finding_severity_required: 'Choisissez une gravité.',
  finding_category_required: 'Choisissez une catégorie.',
  finding_note_required: 'Décrivez le constat.',
  pass_mark_range: 'Le seuil de réussite doit être compris entre 1 et 100.',
  validity_range: 'La validité doit être comprise entre 1 et 120 mois.',
  revocation_reason_required: 'Indiquez pourquoi vous retirez cette certification.',
  evaluation_questions_required: 'Une évaluation doit contenir au moins une question.',
  question_text_too_short: 'Une question doit contenir au moins 5 caractères.',
  question_too_few_options: 'Une question doit proposer au moins 3 réponses.',
  options_not_empty: 'Les réponses proposées ne peuvent pas être vides.',
  options_distinct: 'Les réponses proposées doivent toutes être différentes.',
  correct_answer_an_option: 'La bonne réponse doit être l’une des réponses proposées.',
  course_sops_required: 'Ajoutez au moins un mode opératoire à la formation.',
  due_date_format: 'Saisissez l’échéance sous forme de date (AAAA-MM-JJ).',
  rating_range: 'Notez de 1 à 5 étoiles.',
  token_name_required: 'Donnez un nom au jeton.',
  token_name_too_long: 'Le nom d’un jeton ne peut pas dépasser 80 caractères.',
  scim_token_name_required: 'Donnez un nom au jeton (par exemple « Okta »).',
  webhook_events_required: 'Choisissez au moins un événement.',
  https_address_required: 'Saisissez une adresse commençant par https://.',
  webhook_address_credentials:
    'Une adresse de webhook ne peut pas contenir d’identifiant ni de mot de passe : chaque envoi est signé avec le secret du webhook, et votre récepteur vérifie cette signature.',
  domain_format: 'Saisissez un domaine, par exemple acme.com.',
  api_base_url_format: 'L’URL de base de l’API doit commencer par http:// ou https://.',
  camera_system_address_credentials:
    'Une URL de base de l’API ne peut pas contenir d’identifiant ni de mot de passe : l’ID et le secret du client servent à se connecter.',
  prompt_too_long: 'Les consignes ne peuvent pas dépasser 20 000 caractères.',
  recording_date_invalid: 'La date d’enregistrement n’est pas une date valide.',
  recording_date_future: 'La date d’enregistrement ne peut pas être dans le futur.',
  presence_retention_minimum: 'Conservez les événements de présence au moins 1 jour.',
  retention_whole_days: 'La durée de conservation doit être un nombre entier de jours.',
  invalid_field: 'Vérifiez les informations saisies.',
  storage_unavailable:
    'Impossible d’enregistrer ou de lire des fichiers pour le moment (le stockage de fichiers est injoignable). Rien n’a été enregistré ; réessayez dans quelques minutes.',
  storage_full:
    'Le stockage de fichiers est plein : ce fichier n’a pas été enregistré. Réessayez plus tard ou demandez à votre administrateur de libérer de l’espace.',
  broker_unavailable:
    'Le service est brièvement indisponible (son courtier de messages, Redis, est injoignable). Réessayez dans quelques secondes.',
  internal: 'Une erreur s’est produite de notre côté. Veuillez réessayer.',
};
