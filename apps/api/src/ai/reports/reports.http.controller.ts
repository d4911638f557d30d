import { Controller, Get, Header, Headers, HttpCode, Ip, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ReportResponse, SavedReport, SaveReportRequest } from '@inkprint/contracts';
import { DomainError } from '@inkprint/domain-kernel';
import type { z } from 'zod';
import {
  AiCallerGuard,
  ApiKeyScopes,
  CurrentAccountOptional,
  GuestId,
  GuestsService,
  type SignedInAccount,
} from '../../accounts';
import { ApiContract, ContractBody } from '../../http/api-contract';
import { OpenReport } from './open-report.query';
import { ReportLimit } from './report-limit';
import { SaveReport } from './save-report.handler';

const OPEN = {
  summary: 'Open a shared report (24 h)',
  responses: { 200: ReportResponse },
  errors: ['REPORT_NOT_FOUND' as const],
};

/** Reports: saved by the demo's 'Share Report', opened by link (also same-origin under /api for the web app). */
@ApiTags('ai')
@Controller()
export class ReportsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly guests: GuestsService,
    private readonly limit: ReportLimit,
  ) {}

  @Post('ai/report')
  @HttpCode(201)
  @UseGuards(AiCallerGuard)
  @ApiKeyScopes('reports')
  @ApiContract({
    summary:
      'Store a detection report for 24 h and get its link id: the detection this caller (account or guest) ran on result.originalText in result.mode within 48 h',
    body: SaveReportRequest,
    responses: { 201: SavedReport },
    errors: ['PAYLOAD_TOO_LARGE', 'AUTH_REQUIRED', 'REPORT_SOURCE_NOT_FOUND', 'REPORT_LIMIT_REACHED'],
    apiKeyScopes: ['reports'],
  })
  async save(
    @ContractBody() body: z.output<typeof SaveReportRequest>,
    @Headers('x-guest-token') guestToken: string | undefined,
    @GuestId() guestId: string | undefined,
    @Ip() ip: string,
    @CurrentAccountOptional() account: SignedInAccount | undefined,
  ): Promise<SavedReport> {
    // A report carries a detection the service ran for this caller, so sharing needs the caller's identity.
    const guest =
      !account && guestId && guestToken
        ? await this.guests.resolve(guestId, guestToken, ip).catch(() => undefined)
        : undefined;
    const sharedBy = account
      ? { type: 'user' as const, id: account.accountId }
      : guest
        ? { type: 'guest' as const, id: guest.guestId }
        : null;
    if (!sharedBy)
      throw new DomainError('AUTH_REQUIRED', 'Sign in or run a detection as a guest to share a report.', 401);
    this.limit.take(`${sharedBy.type}:${sharedBy.id}`, Date.now());
    return this.commands.execute(new SaveReport(body.result, sharedBy));
  }

  @Get('ai/report/:id')
  @Header('Cache-Control', 'no-store')
  @ApiContract(OPEN)
  open(@Param('id') id: string): Promise<ReportResponse> {
    return this.queries.execute(new OpenReport(id));
  }

  /** Same-origin twin: the web app falls back to it when /ai/report fails other than 404 (spec §7). */
  @Get('api/ai/report/:id')
  @Header('Cache-Control', 'no-store')
  @ApiContract(OPEN)
  openSameOrigin(@Param('id') id: string): Promise<ReportResponse> {
    return this.queries.execute(new OpenReport(id));
  }
}
