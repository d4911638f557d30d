import { SignedInResponse, type LoginRequest } from '@inkprint/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/login`: Signs in with e-mail and password. */
export const login = (body: LoginRequest) =>
  api.request('/auth/login', { schema: SignedInResponse, method: 'POST', body, retries: 0 });

export const useLogin = () => useMutation({ mutationFn: login });
