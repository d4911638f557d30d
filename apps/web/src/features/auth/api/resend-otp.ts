import { CodeSentResponse, type ResendOtpRequest } from '@inkprint/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `POST /auth/resend-otp`: Sends a new code (refused for 120 s after the last one). */
export const resendOtp = (body: ResendOtpRequest) =>
  api.request('/auth/resend-otp', { schema: CodeSentResponse, method: 'POST', body, retries: 0 });

export const useResendOtp = () => useMutation({ mutationFn: resendOtp });
