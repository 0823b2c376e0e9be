import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { failureToast, serverMessageOr } from './errors';

describe('serverMessageOr', () => {
  it("prefers the server's message", () => {
    expect(serverMessageOr(new ApiError(409, 'Domain is taken'), 'Failed.')).toBe(
      'Domain is taken',
    );
  });

  it('falls back when the server sent none or the request never got an answer', () => {
    expect(serverMessageOr(new ApiError(500, undefined), 'Failed.')).toBe('Failed.');
    expect(serverMessageOr(new TypeError('Failed to fetch'), 'Failed.')).toBe('Failed.');
  });

  it('builds a destructive toast', () => {
    expect(failureToast('Error', new ApiError(400, 'Bad'), 'Failed.')).toEqual({
      title: 'Error',
      description: 'Bad',
      variant: 'destructive',
    });
  });
});
