/** Injection token of the outgoing-mail port (`Mailer` from @inkprint/mail): `@Inject(MAILER) mailer: Mailer`. */
export const MAILER = Symbol('MAILER');
