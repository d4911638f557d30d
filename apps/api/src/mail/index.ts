export * from './tokens';
export * from './mail.module';
export { createMailer, devMailboxFile } from './mailer.factory';
