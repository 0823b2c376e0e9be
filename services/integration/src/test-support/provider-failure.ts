import { expect } from 'vitest';
import { ProviderError } from '../provider/camera-provider.js';

/**
 * The ProviderError a call of the camera adapter fails with, for a test to read its kind and
 * words; a call that succeeds fails the test.
 */
export async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}
