import { accountStreamId } from './account';
import { inviteStreamId } from './invite';

/**
 * Which fields of the accounts events are personal data, and whose (crypto-shredding: the event store seals these
 * with the subject's key; erasing the key forgets them in every past event). The subject of an account's data is its
 * stream; an invite's e-mail belongs to the invite (it may name someone without an account).
 */
export function accountsPersonalData(
  streamId: string,
  event: { type: string },
): { subject: string; fields: readonly string[] } | undefined {
  if (streamId.startsWith(accountStreamId(''))) {
    switch (event.type) {
      case 'AccountRegistered':
        return { subject: streamId, fields: ['email', 'name', 'passwordHash'] };
      case 'RegistrationRenewed':
        return { subject: streamId, fields: ['name', 'passwordHash'] };
      case 'PasswordChanged':
        return { subject: streamId, fields: ['passwordHash'] };
      case 'MfaEnrolmentStarted':
        return { subject: streamId, fields: ['secret'] };
      default:
        return undefined;
    }
  }
  if (streamId.startsWith(inviteStreamId('')) && event.type === 'InviteIssued')
    return { subject: streamId, fields: ['email'] };
  return undefined;
}

/** The subject whose key holds an account's personal data. */
export const accountPersonalDataSubject = (accountId: string): string => accountStreamId(accountId);
