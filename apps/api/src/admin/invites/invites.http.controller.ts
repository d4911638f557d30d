import { Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import {
  InviteAcceptedResponse,
  InviteResponse,
  InvitesResponse,
  InviteTokenRequest,
  IssueInviteRequest,
} from '@inkprint/contracts';
import type { z } from 'zod';
import { AuthGuard, CurrentAccount, Roles, RolesGuard, type SignedInAccount } from '../../accounts/auth';
import { ApiContract, ContractBody } from '../../http/api-contract';
import { AcceptInvite } from './accept-invite.handler';
import { IssueInvite } from './issue-invite.handler';
import { ListInvites } from './list-invites.query';
import { LookUpInvite } from './look-up-invite.query';
import { ResendInvite } from './resend-invite.handler';
import { RevokeInvite } from './revoke-invite.handler';

/** Spec §6: only the super admin invites. */
@ApiTags('admin')
@Controller('admin/invites')
export class InvitesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @HttpCode(201)
  @UseGuards(AuthGuard, RolesGuard)
  @Roles('super_admin')
  @ApiContract({
    summary: 'Invite someone to be an admin (e-mails a link)',
    body: IssueInviteRequest,
    responses: { 201: InviteResponse },
    errors: ['FORBIDDEN', 'ALREADY_ADMIN', 'MAIL_DELIVERY_FAILED'],
    auth: 'bearer',
  })
  invite(
    @CurrentAccount() me: SignedInAccount,
    @ContractBody() body: z.output<typeof IssueInviteRequest>,
  ): Promise<InviteResponse> {
    return this.commands.execute(new IssueInvite(me, body.email));
  }

  @Get()
  @UseGuards(AuthGuard, RolesGuard)
  @Roles('super_admin')
  @ApiContract({
    summary: 'The latest admin invitations with their status',
    responses: { 200: InvitesResponse },
    errors: ['FORBIDDEN'],
    auth: 'bearer',
  })
  list(): Promise<InvitesResponse> {
    return this.queries.execute(new ListInvites());
  }

  @Post(':id/resend')
  @HttpCode(200)
  @UseGuards(AuthGuard, RolesGuard)
  @Roles('super_admin')
  @ApiContract({
    summary: 'Send an unused invitation again: a new link to the same address; the old link stops working',
    responses: { 200: InviteResponse },
    errors: ['FORBIDDEN', 'INVITE_NOT_FOUND', 'INVITE_NOT_PENDING', 'ALREADY_ADMIN', 'MAIL_DELIVERY_FAILED'],
    auth: 'bearer',
  })
  resend(@CurrentAccount() me: SignedInAccount, @Param('id') id: string): Promise<InviteResponse> {
    return this.commands.execute(new ResendInvite(me, id));
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @UseGuards(AuthGuard, RolesGuard)
  @Roles('super_admin')
  @ApiContract({
    summary: 'Revoke an unused invitation: its link stops working',
    responses: { 200: InviteResponse },
    errors: ['FORBIDDEN', 'INVITE_NOT_FOUND', 'INVITE_NOT_PENDING'],
    auth: 'bearer',
  })
  revoke(@CurrentAccount() me: SignedInAccount, @Param('id') id: string): Promise<InviteResponse> {
    return this.commands.execute(new RevokeInvite(me, id));
  }

  /** Public: the invite screen (/admin/invite?token=) shows 'Issued to' and 'Expires' before sign-in. */
  @Post('lookup')
  @HttpCode(200)
  @ApiContract({
    summary: 'Look up an invitation by its token',
    body: InviteTokenRequest,
    responses: { 200: InviteResponse },
    errors: ['INVITE_NOT_FOUND'],
  })
  lookup(@ContractBody() body: z.output<typeof InviteTokenRequest>): Promise<InviteResponse> {
    return this.queries.execute(new LookUpInvite(body.token));
  }

  /** Accepting needs a signed-in account with the invited e-mail (spec §6). */
  @Post('accept')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiContract({
    summary: 'Accept an invitation as the invited account',
    body: InviteTokenRequest,
    responses: { 200: InviteAcceptedResponse },
    errors: ['INVITE_NOT_FOUND', 'INVITE_NOT_PENDING', 'INVITE_EMAIL_MISMATCH'],
    auth: 'bearer',
  })
  accept(
    @CurrentAccount() me: SignedInAccount,
    @ContractBody() body: z.output<typeof InviteTokenRequest>,
  ): Promise<InviteAcceptedResponse> {
    return this.commands.execute(new AcceptInvite(me, body.token));
  }
}
