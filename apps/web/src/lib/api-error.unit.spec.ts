import { ApiError, firstFieldMessage } from './api-error';

describe('ApiError', () => {
  it('shows the first field message of a VALIDATION_ERROR (spec §5)', () => {
    const error = ApiError.fromBody(
      {
        message: 'Invalid request',
        status: 400,
        code: 'VALIDATION_ERROR',
        details: { fields: { email: ['Enter a valid email address.'], name: ['x'] } },
      },
      400,
    );
    expect(error.message).toBe('Enter a valid email address.');
    expect(error.code).toBe('VALIDATION_ERROR');
  });
  it('keeps the server message and code otherwise', () => {
    const error = ApiError.fromBody(
      { message: 'Invalid email or password.', status: 401, code: 'INVALID_CREDENTIALS', details: {} },
      401,
    );
    expect([error.message, error.status, error.code]).toEqual([
      'Invalid email or password.',
      401,
      'INVALID_CREDENTIALS',
    ]);
  });
  it('survives a body that is not the error shape', () => {
    const error = ApiError.fromBody('<html>', 502);
    expect([error.code, error.status]).toEqual(['HTTP_502', 502]);
    expect(firstFieldMessage({})).toBeUndefined();
  });
});
