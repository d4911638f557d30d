import { Controller, Delete, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKey, ApiKeyList, CreateApiKeyRequest, CreatedApiKey } from '@inkprint/contracts';
import type { z } from 'zod';
import { ApiContract, ContractBody } from '../../http/api-contract';
import { APP_CONFIG, type AppConfig } from '../../config';
import { AuthGuard, CurrentAccount, type SignedInAccount } from '../auth';
import { assertAdminMfa } from '../auth/auth.guard';
import { userActor } from '../shared/actor';
import { ApiKeys } from './api-keys';

/** The signed-in account's API keys (issue 29; docs/api-keys.md). Managed with a session, never with a key. */
@ApiTags('auth')
@Controller('auth/api-keys')
@UseGuards(AuthGuard)
export class ApiKeysController {
  constructor(
    private readonly keys: ApiKeys,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiContract({
    summary: 'Create an API key (Basic, Pro, Enterprise): the answer is the only one that carries the key',
    body: CreateApiKeyRequest,
    responses: { 201: CreatedApiKey },
    errors: ['API_KEY_PLAN_REQUIRED', 'API_KEY_LIMIT', 'MFA_REQUIRED'],
    auth: 'bearer',
  })
  create(
    @CurrentAccount() account: SignedInAccount,
    @ContractBody() body: z.output<typeof CreateApiKeyRequest>,
  ): Promise<CreatedApiKey> {
    // An admin's key is made with a session that passed the second factor (issue 39 item 6): a stolen password
    // alone mints no key.
    assertAdminMfa(account, this.config.adminMfa);
    return this.keys.create(account.accountId, body, userActor(account.accountId));
  }

  @Get()
  @ApiContract({
    summary: 'My API keys, newest first (revoked ones too)',
    responses: { 200: ApiKeyList },
    auth: 'bearer',
  })
  list(@CurrentAccount() account: SignedInAccount): Promise<ApiKeyList> {
    return this.keys.list(account.accountId);
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiContract({
    summary: 'Revoke one of my API keys (at once: the next request with it is refused)',
    responses: { 200: ApiKey },
    errors: ['API_KEY_NOT_FOUND'],
    auth: 'bearer',
  })
  revoke(@CurrentAccount() account: SignedInAccount, @Param('id') id: string): Promise<ApiKey> {
    return this.keys.revoke(account.accountId, id, 'owner', userActor(account.accountId));
  }
}
