import { SUGGESTIONS_ES } from '@hub/proto';
import type { Catalog } from '../en';
import { protoTexts } from '../proto-texts';

/** What to do about a failure the API answered: proto's sentences. */
export const suggestions: Catalog['suggestions'] = protoTexts(SUGGESTIONS_ES);
