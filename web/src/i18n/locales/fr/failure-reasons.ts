import type { FailureReasonCode } from '@hub/proto';

/** Why a worker could not process a file, in French (the technical detail stays as written). */
export const failureReasons: Record<FailureReasonCode, string> = {
  pdf_worker_stopped:
    'Le traitement a arrêté deux fois le service PDF ; le fichier est peut-être endommagé ou malveillant.',
  processing_timeout: 'Le traitement a pris trop de temps.',
  pdf_memory:
    'Le document demande plus de mémoire que les {{memoryMb}} Mo autorisés pour un fichier.',
  pdf_reader_crashed: 'Le lecteur PDF s’est arrêté de façon inattendue : {{detail}}',
  pdf_password: 'Le PDF est protégé par un mot de passe.',
  pdf_damaged: 'Le fichier est endommagé et n’a pas pu être lu : {{detail}}',
  document_failed: 'Le document n’a pas pu être traité : {{detail}}',
  upload_unreadable: 'Le fichier envoyé n’a pas pu être relu depuis le stockage : {{detail}}',
  no_text: 'Le document ne contient pas de texte.',
  no_text_ocr_off:
    'Le document ne contient pas de texte et la reconnaissance de texte (OCR) est désactivée.',
  no_text_ocr_none:
    'Le document ne contient pas de texte et la reconnaissance de texte (OCR) n’en a trouvé aucun.',
  no_text_ocr_failed:
    'Le document ne contient pas de texte et la reconnaissance de texte a échoué à la page {{page}} : {{detail}}',
  video_worker_stopped:
    'Le traitement a arrêté deux fois le service vidéo ; le fichier est peut-être endommagé ou malveillant.',
  video_no_frames: 'La vidéo ne contient aucune image.',
  video_undecodable: 'La vidéo n’a pas pu être décodée : {{detail}}',
  video_unreadable: 'La vidéo n’a pas pu être lue : {{detail}}',
  video_analysis_failed: 'La vidéo n’a pas pu être analysée : {{detail}}',
  video_analysis_timeout: 'L’analyse de la vidéo a pris trop de temps.',
  video_changed: 'La vidéo a changé pendant son envoi.',
  sop_text_unreadable: 'Le texte du mode opératoire « {{title}} » n’a pas pu être lu : {{detail}}',
  ai_refused: 'Le fournisseur d’IA a refusé la demande (HTTP {{status}}) : {{detail}}',
  ai_timeout: 'Le fournisseur d’IA n’a pas répondu à temps.',
  ai_unreachable: 'Le fournisseur d’IA est injoignable : {{detail}}',
  ai_preparing_timeout: 'Le fournisseur d’IA a mis trop de temps à préparer la vidéo.',
  ai_video_unreadable: 'Le fournisseur d’IA n’a pas pu lire la vidéo : {{detail}}',
  ai_not_json: 'Le fournisseur d’IA n’a pas répondu au format attendu (JSON).',
  ai_bad_shape: 'La réponse du fournisseur d’IA n’a pas la forme attendue ({{detail}}).',
};
