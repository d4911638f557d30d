import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKey, ApiKeyList } from '@inkprint/contracts';
import { adminActor, ApiKeys } from '../../accounts';
import { AuthGuard, CurrentAccount, Roles, RolesGuard, type SignedInAccount } from '../../accounts/auth';
import { ApiContract, type ApiContractOptions } from '../../http/api-contract';

/** What both forms of the revocation answer (DELETE and the console's POST). */
const REVOKE_CONTRACT = {
  responses: { 200: ApiKey },
  errors: ['FORBIDDEN', 'ACCOUNT_NOT_FOUND', 'API_KEY_NOT_FOUND'],
  auth: 'bearer',
} satisfies Omit<ApiContractOptions, 'summary'>;

/** An account's API keys as admins see them (names, scopes, last use; never a key), and their revocation (issue 29). */
@ApiTags('admin')
@Controller('admin/users/:id/api-keys')
@UseGuards(AuthGuard, RolesGuard)
@Roles('admin', 'super_admin')
export class UserApiKeysController {
  constructor(private readonly keys: ApiKeys) {}

  @Get()
  @ApiContract({
    summary: "An account's API keys, newest first (revoked ones too)",
    responses: { 200: ApiKeyList },
    errors: ['FORBIDDEN', 'ACCOUNT_NOT_FOUND'],
    auth: 'bearer',
  })
  list(@Param('id') id: string): Promise<ApiKeyList> {
    return this.keys.list(id);
  }

  @Delete(':keyId')
  @HttpCode(200)
  @ApiContract({ ...REVOKE_CONTRACT, summary: "Revoke one of an account's API keys (recorded as done by an admin)" })
  async revoke(
    @CurrentAccount() admin: SignedInAccount,
    @Param('id') id: string,
    @Param('keyId') keyId: string,
  ): Promise<ApiKey> {
    return this.keys.revoke(id, keyId, 'admin', adminActor(admin));
  }

  /** The console's form of the same command (like POST /admin/admins/{id}/revoke). */
  @Post(':keyId/revoke')
  @HttpCode(200)
  @ApiContract({
    ...REVOKE_CONTRACT,
    summary: "Revoke one of an account's API keys (the console's POST form of DELETE)",
  })
  revokeByPost(
    @CurrentAccount() admin: SignedInAccount,
    @Param('id') id: string,
    @Param('keyId') keyId: string,
  ): Promise<ApiKey> {
    return this.revoke(admin, id, keyId);
  }
}
