import { Controller, Get, Header, Inject, NotFoundException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DevMailbox, MAIL_KINDS, type DevMailboxMessage, type Mailer } from '@inkprint/mail';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../config';
import { ApiContract, ContractQuery } from '../http/api-contract';
import { devMailboxPage } from './dev-mailbox.page';
import { MAILER } from './tokens';

const recipient = z
  .string()
  .trim()
  .min(1, { error: 'Enter an email address' })
  .max(254, { error: 'Too long for an email address' });
const kind = z.enum(MAIL_KINDS, { error: `Must be one of ${MAIL_KINDS.join(', ')}` });
const listQuery = z.object({ to: recipient.optional(), kind: kind.optional() });
const latestQuery = z.object({ to: recipient, kind: kind.optional() });

/**
 * Development only (registered when `config.devMailbox`: not in production, not with SMTP_URL): the e-mails the
 * app "sent", as JSON and as a page. Left out of the OpenAPI document; its `ApiContract`s name each route's query
 * once, for `@ContractQuery()`.
 */
@ApiExcludeController()
@Controller('dev')
export class DevMailboxController {
  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `{ messages }`, newest first; `?to=` (case-insensitive) and `?kind=` filter. */
  @Get('mailbox')
  @Header('Cache-Control', 'no-store')
  @ApiContract({ summary: 'The dev mailbox, newest first', query: listQuery, responses: { 200: null } })
  async list(@ContractQuery() query: z.output<typeof listQuery>): Promise<{ messages: DevMailboxMessage[] }> {
    return { messages: await this.mailbox().list(query) };
  }

  /** The newest message to `to` (of `kind`); 404 when there is none. */
  @Get('mailbox/latest')
  @Header('Cache-Control', 'no-store')
  @ApiContract({
    summary: 'The newest dev-mailbox message to an address',
    query: latestQuery,
    responses: { 200: null },
  })
  async latest(@ContractQuery() query: z.output<typeof latestQuery>): Promise<DevMailboxMessage> {
    const message = await this.mailbox().latest(query);
    if (!message)
      throw new NotFoundException(`No ${query.kind ?? ''}${query.kind ? ' ' : ''}e-mail to ${query.to} yet`);
    return message;
  }

  @Get('mailbox.html')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @Header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  )
  @ApiContract({ summary: 'The dev mailbox as a page', query: listQuery, responses: { 200: null } })
  async page(@ContractQuery() query: z.output<typeof listQuery>): Promise<string> {
    const mailbox = this.mailbox();
    return devMailboxPage(await mailbox.list(query), query, mailbox.capacity);
  }

  private mailbox(): DevMailbox {
    if (!this.config.devMailbox || !(this.mailer instanceof DevMailbox)) throw new NotFoundException();
    return this.mailer;
  }
}
