import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { AuthGuard, CurrentAccount, type SignedInAccount } from '../accounts/auth';
import { ZodValidationPipe } from '../http';
import { InviteTokenRequest } from '@inkprint/contracts';
import { AdminService } from './admin.service';

/**
 * The invite screen (/admin/invite?token=): lookup is public (it shows 'Issued to' and 'Expires' before sign-in);
 * accepting needs a signed-in account with the invited email (spec §6).
 */
@ApiTags('admin')
@Controller('admin/invites')
export class InvitesController {
  constructor(private readonly admin: AdminService) {}

  @Post('lookup')
  @HttpCode(200)
  lookup(@Body(new ZodValidationPipe(InviteTokenRequest)) body: z.output<typeof InviteTokenRequest>) {
    return this.admin.lookUpInvite(body.token);
  }

  @Post('accept')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  accept(
    @CurrentAccount() me: SignedInAccount,
    @Body(new ZodValidationPipe(InviteTokenRequest)) body: z.output<typeof InviteTokenRequest>,
  ) {
    return this.admin.acceptInvite(me, body.token);
  }
}
