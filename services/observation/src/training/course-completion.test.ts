import { Logger } from '@nestjs/common';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RpcCallError, RpcFailure } from '@hub/kit';
import type { CertificationIssuer } from '../certifications/certification-issuer.js';
import type { Members } from '../team/members.js';
import { CourseCompletion } from './course-completion.js';
import type { CourseCompletionRepository } from './course-completion.repository.js';

/** Completions whose first read fails with `error`. */
function failingWith(error: unknown) {
  const enrolments = {
    completable: () => Promise.reject(error),
  } as unknown as CourseCompletionRepository;
  return new CourseCompletion(enrolments, {} as CertificationIssuer, {} as Members);
}

afterEach(() => vi.restoreAllMocks());

const EDIT_CHECK = { organization_id: 4, course_id: 7, request: 'a1' };

describe('checking completions after a course edit', () => {
  it.each([
    ['identity away', new RpcCallError({ kind: 'unavailable', message: 'did not answer' })],
    ['the database away', Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })],
  ])('warns of an outage (%s), the edit being saved', async (_, error) => {
    const warn = vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    await expect(failingWith(error).afterEdit(EDIT_CHECK)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(logged).not.toHaveBeenCalled();
  });

  it.each([
    ['a defect', new TypeError('cannot read id of undefined')],
    ['a refusal', RpcFailure.validation('no such course')],
    ['a failure of identity', new RpcCallError({ kind: 'internal', message: 'boom' })],
  ])('logs anything else (%s) as an error, still not throwing', async (_, error) => {
    const warn = vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    await expect(failingWith(error).afterEdit(EDIT_CHECK)).resolves.toBeUndefined();
    expect(logged).toHaveBeenCalledOnce();
    expect(warn).not.toHaveBeenCalled();
  });
});
