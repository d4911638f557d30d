import { MessageResponse, type ResetPasswordRequest } from '@inkprint/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/reset-password`: Sets a new password with the token of the e-mailed link. */
export const resetPassword = (body: ResetPasswordRequest) =>
  api.request('/auth/reset-password', { schema: MessageResponse, method: 'POST', body, retries: 0 });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
