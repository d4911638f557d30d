import { Controller, Get, Headers, Ip, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { MeResponse, RequestsQuery, RequestsResponse, SubscriptionResponse } from '@inkprint/contracts';
import { ApiContract } from '../../http/api-contract';
import {
  AuthGuard,
  CurrentAccount,
  CurrentAccountOptional,
  GuestId,
  OptionalAuthGuard,
  type SignedInAccount,
} from '../auth';
import { GetProfile, GetRequests, GetSubscription } from './profile.queries';

@ApiTags('auth')
@Controller('auth')
export class ProfileController {
  constructor(private readonly queries: QueryBus) {}

  @Get('me')
  @UseGuards(AuthGuard)
  @ApiContract({ summary: 'The signed-in account and its usage today', responses: { 200: MeResponse }, auth: 'bearer' })
  me(@CurrentAccount() account: SignedInAccount): Promise<MeResponse> {
    return this.queries.execute(new GetProfile(account));
  }

  @Get('subscription')
  @UseGuards(AuthGuard)
  @ApiContract({ summary: "The account's subscription", responses: { 200: SubscriptionResponse }, auth: 'bearer' })
  subscription(@CurrentAccount() account: SignedInAccount): Promise<SubscriptionResponse> {
    return this.queries.execute(new GetSubscription(account.accountId));
  }

  /** Signed in (bearer) or as a guest (?guestId= and the X-Guest-Token header). */
  @Get('requests')
  @UseGuards(OptionalAuthGuard)
  @ApiContract({
    summary: "Today's requests per tool",
    query: RequestsQuery,
    responses: { 200: RequestsResponse },
    errors: ['GUEST_REQUIRED', 'GUEST_NOT_FOUND', 'GUEST_INVALID'],
    auth: 'guest-or-bearer',
  })
  requests(
    @Headers('x-guest-token') guestToken: string | undefined,
    @GuestId() guestId: string | undefined,
    @Ip() ip: string,
    @CurrentAccountOptional() account: SignedInAccount | undefined,
  ): Promise<RequestsResponse> {
    return this.queries.execute(new GetRequests(account ? { account } : { guestId, guestToken, ip }));
  }
}
