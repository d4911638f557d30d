import { SignedInResponse, type VerifyOtpRequest } from '@inkprint/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/verify-otp`: Checks the 6-digit code and signs the new account in. */
export const verifyOtp = (body: VerifyOtpRequest) =>
  api.request('/auth/verify-otp', { schema: SignedInResponse, method: 'POST', body, retries: 0 });

export const useVerifyOtp = () => useMutation({ mutationFn: verifyOtp });
