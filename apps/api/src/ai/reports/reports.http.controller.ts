import { Body, Controller, Get, Header, Headers, HttpCode, Ip, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ReportResponse, SavedReport, SaveReportRequest } from '@inkprint/contracts';
import type { z } from 'zod';
import { CurrentAccountOptional, GuestsService, OptionalAuthGuard, type SignedInAccount } from '../../accounts';
import { ApiContract } from '../../http/api-contract';
import { ZodValidationPipe } from '../../http/zod-validation.pipe';
import { GuestId } from '../shared/caller';
import { OpenReport } from './open-report.query';
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
  ) {}

  @Post('ai/report')
  @HttpCode(201)
  @UseGuards(OptionalAuthGuard)
  @ApiContract({
    summary: 'Store a detection report for 24 h and get its link id',
    body: SaveReportRequest,
    responses: { 201: SavedReport },
    errors: ['PAYLOAD_TOO_LARGE'],
  })
  async save(
    @Body(new ZodValidationPipe(SaveReportRequest)) body: z.output<typeof SaveReportRequest>,
    @Headers('x-guest-token') guestToken: string | undefined,
    @GuestId() guestId: string | undefined,
    @Ip() ip: string,
    @CurrentAccountOptional() account: SignedInAccount | undefined,
  ): Promise<SavedReport> {
    // Who shared it matters only for erasure; an unidentified visitor may share too.
    const guest =
      !account && guestId && guestToken
        ? await this.guests.resolve(guestId, guestToken, ip).catch(() => undefined)
        : undefined;
    const sharedBy = account
      ? { type: 'user' as const, id: account.accountId }
      : guest
        ? { type: 'guest' as const, id: guest.guestId }
        : null;
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
