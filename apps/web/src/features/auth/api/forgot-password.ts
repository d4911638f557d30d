import { MessageResponse, type ForgotPasswordRequest } from '@inkprint/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/forgot-password`: E-mails a password-reset link when the account exists. */
export const forgotPassword = (body: ForgotPasswordRequest) =>
  api.request('/auth/forgot-password', { schema: MessageResponse, method: 'POST', body, retries: 0 });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
