import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { applyLanguage, i18n } from '../i18n/i18n';
import { canAddReference, readableRefusal, referenceCountText, referenceStatus } from './format';

const reference = (status: 'checking' | 'ready' | 'rejected') => ({ status });

describe('reference photo figures', () => {
  it('counts the photos kept, not the refused ones, against the limit', () => {
    const list = { limit: 5, references: [reference('ready'), reference('rejected')] };
    expect(referenceCountText(list)).toBe('1 of 5 reference photos');
    expect(canAddReference(list)).toBe(true);
    const full = { limit: 2, references: [reference('ready'), reference('checking')] };
    expect(canAddReference(full)).toBe(false);
  });

  it('labels each status', () => {
    expect(referenceStatus({ status: 'ready' })).toEqual({ label: 'In use', tone: 'green' });
    expect(referenceStatus({ status: 'checking' }).label).toBe('Checking');
    expect(referenceStatus({ status: 'rejected' }).tone).toBe('red');
  });
});

describe('a refused photo', () => {
  afterEach(() => applyLanguage('en'));

  it("says the worker's reason in the reader's language", async () => {
    applyLanguage('es');
    await i18n.changeLanguage('es');
    const refused = new ApiError(
      400,
      'No face was found in the photo. Please use a clear, front-facing photo of the person.',
    );
    const told = readableRefusal(refused);
    expect(told).toBeInstanceOf(ApiError);
    expect((told as ApiError).status).toBe(400);
    expect((told as ApiError).serverMessage).toBe(i18n.t('failureReasons.reference_no_face'));
    expect((told as ApiError).serverMessage).not.toMatch(/No face was found/);
  });

  it('leaves any other failure as it is', () => {
    const coded = new ApiError(400, 'Reference photo not found.', 'reference_not_found');
    expect(readableRefusal(coded)).toBe(coded);
    const offline = new TypeError('Failed to fetch');
    expect(readableRefusal(offline)).toBe(offline);
  });
});
