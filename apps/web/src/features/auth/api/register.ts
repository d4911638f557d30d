import { CodeSentResponse, type RegisterRequest } from '@inkprint/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/register`: Sign-up: e-mails a 6-digit code valid about 2 minutes. */
export const register = (body: RegisterRequest) =>
  api.request('/auth/register', { schema: CodeSentResponse, method: 'POST', body, retries: 0 });

export const useRegister = () => useMutation({ mutationFn: register });
