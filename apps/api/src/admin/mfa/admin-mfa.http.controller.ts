import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  MfaCodeRequest,
  MfaEnabledResponse,
  MfaEnrolmentResponse,
  MfaStatusResponse,
  MfaVerifiedResponse,
  MessageResponse,
} from '@inkprint/contracts';
import type { z } from 'zod';
import { AuthGuard, CurrentAccount, MfaExempt, Roles, RolesGuard, type SignedInAccount } from '../../accounts/auth';
import { AuthThrottlerGuard } from '../../accounts/auth/auth-throttler.guard';
import { ApiContract, ContractBody } from '../../http/api-contract';
import { AdminMfa } from './admin-mfa';

/** The administrators' second factor (issue 25 item 9): these routes are reachable before it is passed. */
@ApiTags('admin')
@Controller('admin')
@UseGuards(AuthGuard, RolesGuard)
@Roles('admin', 'super_admin')
export class AdminMfaController {
  constructor(private readonly mfa: AdminMfa) {}

  @Get('mfa')
  @MfaExempt()
  @ApiContract({
    summary: 'Two-factor sign-in: set up, passed by this session, required',
    responses: { 200: MfaStatusResponse },
    errors: ['FORBIDDEN'],
    auth: 'bearer',
  })
  status(@CurrentAccount() me: SignedInAccount): Promise<MfaStatusResponse> {
    return this.mfa.status(me);
  }

  @Post('mfa/enrol')
  @HttpCode(200)
  @MfaExempt()
  @ApiContract({
    summary: 'Start setting up an authenticator app: its secret and otpauth URI (QR code)',
    responses: { 200: MfaEnrolmentResponse },
    errors: ['FORBIDDEN', 'MFA_ALREADY_ENABLED'],
    auth: 'bearer',
  })
  enrol(@CurrentAccount() me: SignedInAccount): Promise<MfaEnrolmentResponse> {
    return this.mfa.enrol(me);
  }

  @Post('mfa/confirm')
  @HttpCode(200)
  @MfaExempt()
  @UseGuards(AuthThrottlerGuard)
  @ApiContract({
    summary: "Confirm the set-up with the app's first code: turns it on, passes this session, returns recovery codes",
    body: MfaCodeRequest,
    responses: { 200: MfaEnabledResponse },
    errors: ['FORBIDDEN', 'MFA_NOT_PENDING', 'MFA_CODE_INVALID', 'TOO_MANY_REQUESTS'],
    auth: 'bearer',
  })
  confirm(
    @CurrentAccount() me: SignedInAccount,
    @ContractBody() body: z.output<typeof MfaCodeRequest>,
  ): Promise<MfaEnabledResponse> {
    return this.mfa.confirm(me, body.code);
  }

  @Post('mfa/verify')
  @HttpCode(200)
  @MfaExempt()
  @UseGuards(AuthThrottlerGuard)
  @ApiContract({
    summary: "Pass this session's second factor with the app's code or a recovery code",
    body: MfaCodeRequest,
    responses: { 200: MfaVerifiedResponse },
    errors: ['FORBIDDEN', 'MFA_CODE_INVALID', 'TOO_MANY_REQUESTS'],
    auth: 'bearer',
  })
  verify(
    @CurrentAccount() me: SignedInAccount,
    @ContractBody() body: z.output<typeof MfaCodeRequest>,
  ): Promise<MfaVerifiedResponse> {
    return this.mfa.verify(me, body.code);
  }

  @Post('admins/:id/mfa/reset')
  @HttpCode(200)
  @Roles('super_admin')
  @ApiContract({
    summary: "Reset another admin's second factor (a lost phone): they set it up again",
    responses: { 200: MessageResponse },
    errors: ['FORBIDDEN', 'MFA_REQUIRED', 'ACCOUNT_NOT_FOUND'],
    auth: 'bearer',
  })
  reset(@CurrentAccount() me: SignedInAccount, @Param('id') id: string): Promise<MessageResponse> {
    return this.mfa.reset(me, id);
  }
}
