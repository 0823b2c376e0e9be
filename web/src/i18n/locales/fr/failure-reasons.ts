import { FAILURE_REASONS_FR } from '@hub/proto';
import type { Catalog } from '../en';
import { protoTexts } from '../proto-texts';

/** Why a worker could not process a file: proto's sentences, which the server's mails use too. */
export const failureReasons: Catalog['failureReasons'] = protoTexts(FAILURE_REASONS_FR);
