import type { FailureReasonCode } from './failure-reasons.js';

/**
 * FAILURE_REASONS in French, declared once for both sides that word them: the server's catalog
 * (@hub/kit's notifications and mails) and the web app's
 * (web/src/i18n/locales/fr/failure-reasons.ts, where `{name}` is i18next's `{{name}}`).
 * `{name}` is a part the worker filled in; the technical detail stays as written.
 */
export const FAILURE_REASONS_FR: Record<FailureReasonCode, string> = {
  pdf_worker_stopped:
    'Le traitement a arrêté deux fois le service PDF ; le fichier est peut-être endommagé ou malveillant.',
  processing_timeout: 'Le traitement a pris trop de temps.',
  pdf_memory:
    'Le document demande plus de mémoire que les {memoryMb} Mo autorisés pour un fichier.',
  pdf_reader_crashed: 'Le lecteur PDF s’est arrêté de façon inattendue : {detail}',
  pdf_password: 'Le PDF est protégé par un mot de passe.',
  pdf_damaged: 'Le fichier est endommagé et n’a pas pu être lu : {detail}',
  document_failed: 'Le document n’a pas pu être traité : {detail}',
  upload_unreadable: 'Le fichier envoyé n’a pas pu être relu depuis le stockage : {detail}',
  no_text: 'Le document ne contient pas de texte.',
  no_text_ocr_off:
    'Le document ne contient pas de texte et la reconnaissance de texte (OCR) est désactivée.',
  no_text_ocr_none:
    'Le document ne contient pas de texte et la reconnaissance de texte (OCR) n’en a trouvé aucun.',
  no_text_ocr_failed:
    'Le document ne contient pas de texte et la reconnaissance de texte a échoué à la page {page} : {detail}',
  video_worker_stopped:
    'Le traitement a arrêté deux fois le service vidéo ; le fichier est peut-être endommagé ou malveillant.',
  video_no_frames: 'La vidéo ne contient aucune image.',
  video_undecodable: 'La vidéo n’a pas pu être décodée : {detail}',
  video_unreadable: 'La vidéo n’a pas pu être lue : {detail}',
  video_analysis_failed: 'La vidéo n’a pas pu être analysée : {detail}',
  video_analysis_timeout: 'L’analyse de la vidéo a pris trop de temps.',
  video_changed: 'La vidéo a changé pendant son envoi.',
  sop_text_unreadable: 'Le texte du mode opératoire « {title} » n’a pas pu être lu : {detail}',
  ai_refused: 'Le fournisseur d’IA a refusé la demande (HTTP {status}) : {detail}',
  ai_timeout: 'Le fournisseur d’IA n’a pas répondu à temps.',
  ai_unreachable: 'Le fournisseur d’IA est injoignable : {detail}',
  ai_preparing_timeout: 'Le fournisseur d’IA a mis trop de temps à préparer la vidéo.',
  ai_video_unreadable: 'Le fournisseur d’IA n’a pas pu lire la vidéo : {detail}',
  ai_not_json: 'Le fournisseur d’IA n’a pas répondu au format attendu (JSON).',
  ai_bad_shape: 'La réponse du fournisseur d’IA n’a pas la forme attendue ({detail}).',
  ai_upload_refused: 'Le fournisseur d’IA a refusé l’envoi (HTTP {status}) : {detail}',
  ai_upload_unreachable: 'Le fournisseur d’IA est devenu injoignable pendant l’envoi : {detail}',
  ai_no_upload_address: 'Le fournisseur d’IA n’a donné aucune adresse où envoyer la vidéo.',
  ai_upload_undescribed: 'Le fournisseur d’IA n’a pas décrit la vidéo envoyée.',
  video_storage_unreadable: 'La vidéo n’a pas pu être relue depuis le stockage : {detail}',
  video_frame_unreadable: 'Une image de la vidéo n’a pas pu être lue : {detail}',
  steps_no_provider:
    'L’analyse des étapes au regard des modes opératoires demande un fournisseur d’IA : définissez GEMINI_API_KEY. L’identification des opérateurs s’est faite sans elle.',
  steps_failed:
    'L’analyse des étapes au regard des modes opératoires a échoué : {detail} L’identification des opérateurs s’est faite sans elle.',
  picture_worker_stopped:
    'Le traitement a arrêté deux fois le service vidéo ; l’image est peut-être endommagée ou malveillante.',
  snapshot_worker_stopped:
    'Le traitement a arrêté deux fois le service vidéo ; la capture est peut-être endommagée ou malveillante.',
  picture_storage_unreadable:
    'La photo de profil n’a pas pu être relue depuis le stockage : {detail}',
  reference_storage_unreadable:
    'La photo de référence n’a pas pu être relue depuis le stockage : {detail}',
  snapshot_storage_unreadable: 'La capture n’a pas pu être relue depuis le stockage : {detail}',
  picture_not_image: 'La photo de profil n’a pas pu être ouverte comme image : {detail}',
  snapshot_not_image: 'La capture n’a pas pu être ouverte comme image : {detail}',
  picture_unreadable: 'La photo de profil n’a pas pu être lue : {detail}',
  snapshot_unreadable: 'La capture n’a pas pu être lue : {detail}',
  picture_failed: 'La photo de profil n’a pas pu être traitée : {detail}',
  reference_failed: 'La photo n’a pas pu être traitée : {detail}',
  snapshot_failed: 'Personne n’a pu être identifié sur la capture : {detail}',
  picture_no_face:
    'Aucun visage n’a été trouvé sur la photo de profil. Utilisez une photo nette, prise de face.',
  picture_several_faces:
    'La photo de profil montre {count} visages. Utilisez une photo où cette personne est seule.',
  reference_no_face:
    'Aucun visage n’a été trouvé sur la photo. Utilisez une photo nette de la personne, prise de face.',
  reference_several_faces:
    'La photo montre {count} visages. Utilisez une photo où cette personne est seule.',
  reference_face_too_small:
    'Le visage est trop petit sur la photo ({pixels} pixels de large). Utilisez une photo où le visage occupe plus de place.',
  reference_blurred:
    'Le visage est flou sur la photo. Utilisez une photo nette, prise avec un bon éclairage.',
  reference_unusable: 'La photo n’a pas pu être utilisée.',
  face_not_found_again: 'Le visage confirmé n’a pas été retrouvé dans la vidéo.',
  quiz_worker_stopped:
    'La génération de l’évaluation a arrêté deux fois le service d’évaluations ; le mode opératoire est peut-être trop volumineux ou malveillant.',
  quiz_sop_unreadable:
    'Le texte du mode opératoire n’a pas pu être relu depuis le stockage : {detail}',
  quiz_timeout: 'La génération de l’évaluation a pris trop de temps.',
  quiz_failed: 'L’évaluation n’a pas pu être générée : {detail}',
  quiz_invalid: 'L’évaluation générée n’est pas valide : {detail}',
  quiz_sop_too_short: 'Le texte du mode opératoire est trop court pour générer une évaluation.',
  quiz_no_steps:
    'Aucune étape de procédure trouvée : le document ressemble à un formulaire ou à un tableau (libellés et chiffres), aucune évaluation n’a donc été générée.',
  quiz_offline_invalid: 'Le générateur hors ligne a écrit une évaluation non valide : {detail}',
  quiz_ai_invalid: 'La réponse de l’IA n’était pas une évaluation valide : {detail}',
  webhook_failing: 'tous les envois ont échoué pendant {hours} heures',
  webhook_endpoint_disabled: 'le point de terminaison est désactivé',
  webhook_attempt_broke:
    'La dernière tentative n’a pas pu aboutir ici. Renvoyez-la pour l’envoyer à nouveau.',
  webhook_attempts_interrupted:
    'Arrêtée : le processus qui l’envoyait a été interrompu pendant une tentative plus d’une fois. Renvoyez-la pour l’envoyer.',
  webhook_job_lost:
    'Arrêtée : ses tentatives ont été perdues de la file d’envoi. Renvoyez-la pour l’envoyer.',
  webhook_not_queued: 'Non renvoyée : la file d’envoi était injoignable. Renvoyez-la à nouveau.',
  webhook_no_answer: 'aucune réponse en {seconds} s',
  webhook_private_network:
    'Cette adresse ne peut pas recevoir de webhooks : elle pointe vers un réseau privé ou local, que les webhooks ne peuvent pas atteindre.',
  webhook_https_only:
    'Cette adresse ne peut pas recevoir de webhooks : seules les adresses https:// en reçoivent.',
  webhook_unresolved:
    'Cette adresse ne peut pas recevoir de webhooks : son nom d’hôte ne se résout pas.',
  webhook_unresolved_in_time:
    'Cette adresse ne peut pas recevoir de webhooks : son nom d’hôte ne s’est pas résolu en {seconds} s.',
  document_stalled:
    'Le traitement s’est arrêté de façon inattendue : le service n’a pas terminé ce document. Cliquez sur Relancer pour le traiter à nouveau.',
  document_stalled_cause:
    'Le traitement s’est arrêté de façon inattendue : le service n’a pas terminé ce document. Cliquez sur Relancer pour le traiter à nouveau. ({detail})',
  evaluation_stalled:
    'La génération de l’évaluation s’est arrêtée de façon inattendue : le service n’a pas terminé. Cliquez sur Relancer pour la générer à nouveau.',
  evaluation_stalled_cause:
    'La génération de l’évaluation s’est arrêtée de façon inattendue : le service n’a pas terminé. Cliquez sur Relancer pour la générer à nouveau. ({detail})',
  evaluation_not_started: 'La génération de l’évaluation n’a pas pu démarrer : {detail}',
  video_analysis_stalled:
    'L’analyse s’est arrêtée de façon inattendue : le service n’a pas terminé. Cliquez sur Analyser pour la relancer.',
  video_analysis_stalled_cause:
    'L’analyse s’est arrêtée de façon inattendue : le service n’a pas terminé. Cliquez sur Analyser pour la relancer. ({detail})',
  snapshot_no_enrolments:
    'Personne dans l’organisation n’a de photo de profil enregistrée à laquelle comparer la capture.',
  snapshot_stale:
    'Aucun résultat n’a été enregistré pour cette capture dans les {hours} heures suivant sa prise ; elle a été abandonnée.',
  snapshot_not_sent: 'La capture n’a pas pu être envoyée pour identification.',
  camera_unreachable: '{camera} est injoignable : {detail}',
  storage_read_missing: 'Le fichier n’est pas dans le stockage.',
  storage_read_refused: 'Le stockage a refusé l’accès au fichier.',
  storage_read_failed: 'Le stockage a répondu par une erreur.',
  program_not_started: 'Le programme {program} n’a pas pu être lancé.',
  program_stopped: 'Le programme {program} a été arrêté avant d’avoir fini.',
  pdf_cause_not_pdf: 'Sa structure n’est pas celle d’un PDF.',
  pdf_cause_security: 'Il est chiffré d’une façon qui n’est pas prise en charge.',
  pdf_cause_too_deep: 'Son contenu est imbriqué trop profondément pour être lu.',
  pdf_cause_reader_failed: 'Le lecteur de PDF a échoué sur son contenu.',
  pdf_cause_thread_ended: 'Le fil d’exécution qui le lisait s’est arrêté.',
  ocr_cause_engine_failed: 'Le moteur de reconnaissance de texte a échoué sur la page.',
  ocr_cause_no_result: 'Aucun texte n’a été enregistré pour la page.',
  network_refused: 'connexion refusée',
  network_timed_out: 'délai dépassé',
  network_unresolved: 'nom non résolu',
  network_certificate: 'certificat non reconnu',
  network_tls: 'échec de la connexion sécurisée (TLS)',
  network_reset: 'connexion coupée',
  network_unreachable: 'réseau injoignable',
  network_failed: 'erreur réseau',
  ai_said_not_accepted: 'La requête ou la clé d’API n’a pas été acceptée.',
  ai_said_no_access: 'La clé d’API n’a pas été acceptée ou n’a pas d’accès.',
  ai_said_not_found: 'Le modèle ou le fichier est introuvable.',
  ai_said_too_large: 'Le fichier est trop volumineux pour le fournisseur.',
  ai_said_limit: 'Le quota ou la limite de requêtes a été atteint.',
  ai_said_overloaded: 'Le fournisseur est surchargé ou a eu une erreur.',
  ai_said_refused: 'Le fournisseur a refusé.',
  file_read_missing: 'La copie du fichier du service est introuvable.',
  file_read_refused: 'Le service n’a pas le droit de lire sa copie du fichier.',
  file_read_failed: 'La copie du fichier du service n’a pas pu être lue.',
  ai_request_invalid:
    'La requête au fournisseur d’IA n’était pas valide ; elle n’a pas été envoyée.',
  quiz_answer_not_json: 'La réponse n’est pas au format JSON.',
  quiz_answer_none: 'Le fournisseur n’a donné aucune réponse : elle était vide ou bloquée.',
  quiz_draft_no_questions: 'L’évaluation n’a aucune question.',
  quiz_draft_bad_shape: 'L’évaluation n’a pas la forme attendue.',
  quiz_draft_repeated_option: 'Une question répète l’une de ses options.',
  quiz_draft_catch_all: 'Une question a une option « toutes/aucune des réponses ci-dessus ».',
  quiz_draft_no_explanation: 'Une question n’a pas d’explication.',
  quiz_draft_repeated_question: 'Une question est posée deux fois.',
  decode_damaged: 'Le fichier est endommagé ou dans un format illisible.',
  decode_incomplete:
    'Le fichier est incomplet ou endommagé : son index manque, comme lorsqu’un enregistrement n’a pas été terminé ou qu’un envoi a été interrompu.',
  decode_truncated: 'Le fichier s’arrête trop tôt : une partie manque.',
  decode_no_video: 'Le fichier ne contient ni image ni vidéo.',
  decode_unsupported: 'Le fichier utilise un format ou un codec qui ne peut pas être décodé.',
  decode_failed: 'Le décodeur s’est arrêté sur une erreur.',
  camera_system_credentials:
    'Le système de caméras n’a pas accepté les identifiants de l’intégration.',
  camera_system_forbidden:
    'Le système de caméras n’a pas donné à cette intégration l’accès à la caméra.',
  camera_system_no_camera: 'Le système de caméras ne connaît pas cette caméra.',
  camera_system_limiting: 'Le système de caméras limite les requêtes.',
  camera_system_timed_out: 'Le système de caméras n’a pas répondu à temps.',
  camera_system_unreachable: 'Le système de caméras est injoignable.',
  camera_system_unavailable: 'Le système de caméras n’est pas disponible.',
  camera_system_bad_answer: 'Le système de caméras a donné une réponse inutilisable.',
  camera_system_test_failed: 'Le test de connexion de son système de caméras a échoué.',
  camera_integration_unusable: 'L’intégration de son système de caméras n’a pas pu être utilisée.',
  camera_list_limited:
    'Le système de caméras limite les requêtes : les {count} premières sont affichées.',
  camera_list_limited_retry:
    'Le système de caméras limite les requêtes (réessayer dans {seconds} s) : les {count} premières sont affichées.',
  camera_list_more:
    'Le système de caméras compte plus de {max} caméras : les {count} premières sont affichées.',
  camera_list_small_pages:
    'Le système de caméras renvoie moins de {pageMin} caméras par page : les {count} premières sont affichées.',
  camera_list_slow:
    'Le système de caméras a répondu trop lentement pour lister toutes les caméras : les {count} premières sont affichées.',
  camera_system_failed_http: 'Le système de caméras a échoué (HTTP {status}) : {detail}',
  camera_system_refused_http: 'Le système de caméras a refusé l’appel (HTTP {status}) : {detail}',
  camera_system_limiting_said: 'Le système de caméras limite les requêtes : {detail}',
  camera_system_limiting_said_retry:
    'Le système de caméras limite les requêtes (réessayer dans {seconds} s) : {detail}',
  camera_system_no_answer_within: 'Le système de caméras n’a pas répondu en {seconds} s.',
  camera_system_unreachable_at_cause:
    'Impossible de joindre le système de caméras à l’adresse {address} : {detail}.',
  camera_system_unreachable_at:
    'Impossible de joindre le système de caméras à l’adresse {address}.',
  camera_system_circuit_open:
    'Le système de caméras a échoué {count} fois de suite ; les appels reprennent dans {seconds} s.',
  camera_system_no_token: 'Le système de caméras n’a pas répondu de jeton d’accès.',
  camera_system_answer_too_large:
    'Le système de caméras a envoyé une réponse dépassant les {megabytes} Mo que ce service accepte.',
  camera_system_sign_in_too_large:
    'Le système de caméras a envoyé une réponse de connexion dépassant les {megabytes} Mo que ce service accepte.',
  camera_system_page_too_large:
    'Le système de caméras a envoyé une page de caméras dépassant les {megabytes} Mo que ce service accepte.',
  camera_system_snapshot_too_large:
    'Le système de caméras a envoyé un instantané dépassant les {megabytes} Mo que ce service accepte.',
  camera_system_clip_too_large:
    'Le système de caméras a envoyé un clip dépassant les {megabytes} Mo que ce service accepte.',
  camera_system_not_json: 'Le système de caméras a répondu quelque chose qui n’est pas du JSON.',
  camera_system_clip_unfinished: 'Le système de caméras n’a pas terminé l’export du clip.',
  camera_system_download_elsewhere:
    'Le système de caméras a indiqué un téléchargement à une autre adresse.',
  camera_pages_no_answer_within:
    'Le système de caméras n’a pas répondu dans les {seconds} s que peuvent prendre ses pages de caméras.',
  camera_not_found_in_time:
    'Le système de caméras a répondu trop lentement : la caméra n’a pas été trouvée en {seconds} s.',
  camera_not_within_reach:
    'La caméra n’est pas parmi les {count} premières caméras du système de caméras.',
  camera_not_in_small_pages:
    'Le système de caméras renvoie moins de {pageMin} caméras par page : la caméra n’était pas dans ses {count} premières pages.',
  unexpected_error: 'Une erreur inattendue l’a arrêté ; il peut être relancé.',
};
