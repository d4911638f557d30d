import { CONTACTS } from '../../../config/env';
import { PolicyPage, type PolicySection } from './PolicyPage';

const sections: PolicySection[] = [
  {
    id: 'scope',
    title: 'Who we are and what this covers',
    body: (
      <>
        <p>
          Inkprint provides an AI-text detector and a humaniser at inkprint.app. This policy explains what personal data
          we process when you use the website, the tools, shared reports and the blog, why we process it and the choices
          you have.
        </p>
        <p>
          For workspaces set up by an organisation, the <strong>workspace owner</strong> decides who may use the
          account; we act on their instructions for the content their members submit.
        </p>
      </>
    ),
  },
  {
    id: 'data',
    title: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Account data</strong>: your name, e-mail address and a salted hash of your password (never the
          password itself).
        </li>
        <li>
          <strong>Submitted text</strong>: the text you paste, upload or import so that we can score or rewrite it.
        </li>
        <li>
          <strong>Usage data</strong>: how many requests you made today, your plan and technical logs such as timestamps
          and a keyed hash of your network address.
        </li>
        <li>
          <strong>Guest sessions</strong>: a random guest identifier stored in your browser so that guest limits can
          apply without an account.
        </li>
      </ul>
    ),
  },
  {
    id: 'text',
    title: 'How long we keep submitted text',
    body: (
      <>
        <p>
          Submitted text is <strong>stored for up to 48 hours</strong> so that results and reports can be shown to you,
          and is then deleted. Shared reports are available by link for 24 hours. We do not use your text to train
          models.
        </p>
      </>
    ),
  },
  {
    id: 'use',
    title: 'How we use data',
    body: (
      <ul>
        <li>To run detections and rewrites and show you the results.</li>
        <li>To apply your plan's daily limits and queue priority.</li>
        <li>To secure the service, prevent abuse and answer support requests.</li>
        <li>To send account e-mails such as verification codes and password-reset links.</li>
      </ul>
    ),
  },
  {
    id: 'retention',
    title: 'Retention of account data and logs',
    body: (
      <>
        <p>
          When you delete your account, <strong>account identifiers are removed within 30 days</strong>; your personal
          fields are made unreadable at once. Security and operational{' '}
          <strong>logs are kept between 30 and 180 days</strong> depending on their purpose, and{' '}
          <strong>backups are kept for 30 days</strong> before they are overwritten.
        </p>
      </>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <p>
          You can access, correct, export or delete your personal data, and object to or restrict its processing.{' '}
          <strong>We fulfil rights requests within 30 days.</strong> Write to{' '}
          <a href={`mailto:${CONTACTS.legal}`}>{CONTACTS.legal}</a>; you may also complain to your local data-protection
          authority.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Age requirement',
    body: (
      <p>
        Inkprint is not directed at children. <strong>You must be at least 16 years old</strong> to create an account.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We will notify you of material changes <strong>at least 15 days before they take effect</strong>, by e-mail or a
        notice in the app.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about privacy: <a href={`mailto:${CONTACTS.legal}`}>{CONTACTS.legal}</a>. Legal notices are answered
        within 2 business days.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <PolicyPage
      eyebrow="Legal"
      title="Privacy Policy"
      intro="What we collect, why, how long we keep it and the rights you have."
      sections={sections}
    />
  );
}
