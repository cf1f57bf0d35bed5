import { describe, expect, it } from 'vitest';
import { SECOND_FACTOR_MESSAGES } from '../../shared/schemas/second-factor.ts';
import { ApiError, isUnauthorizedError } from './api.ts';

describe('the one 401 policy', () => {
  it('sends a signed-out 401 to the login page, but not the second factor’s 401 (issue 19)', () => {
    expect(isUnauthorizedError(new ApiError(401, '401: {"message":"Unauthorized"}'))).toBe(true);
    const body = JSON.stringify({ message: SECOND_FACTOR_MESSAGES.required });
    expect(isUnauthorizedError(new ApiError(401, `401: ${body}`))).toBe(false);
  });
});
