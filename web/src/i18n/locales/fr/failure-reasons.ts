import { FAILURE_REASONS_FR } from '@hub/proto';
import type { Catalog } from '../en';
import { failureReasonTexts } from '../failure-reasons';

/** Why a worker could not process a file: proto's sentences, which the server's mails use too. */
export const failureReasons: Catalog['failureReasons'] = failureReasonTexts(FAILURE_REASONS_FR);
