import { CONTACTS } from '../../../config/env';
import { PolicyPage, type PolicySection } from './PolicyPage';

const sections: PolicySection[] = [
  {
    id: 'overview',
    title: 'Overview',
    body: (
      <p>
        Security is part of how Inkprint is built: we keep as little data as we can, for as short a time as we can, and
        we protect what we keep.
      </p>
    ),
  },
  {
    id: 'data',
    title: 'Data minimisation',
    body: (
      <ul>
        <li>
          Submitted text is <strong>stored for up to 48 hours</strong>, then deleted.
        </li>
        <li>Shared reports expire after 24 hours.</li>
        <li>
          Account identifiers are <strong>removed within 30 days</strong> of account deletion; personal fields are
          sealed with a per-account key that is destroyed at once.
        </li>
      </ul>
    ),
  },
  {
    id: 'encryption',
    title: 'Encryption',
    body: (
      <p>
        All traffic uses TLS. Passwords are stored as salted argon2 hashes; verification codes, reset links and session
        tokens are stored only as hashes. Personal fields in our event log are encrypted with a key per account.
      </p>
    ),
  },
  {
    id: 'access',
    title: 'Access control',
    body: (
      <p>
        Staff access follows least privilege. <strong>Administrators must use multi-factor authentication (MFA)</strong>
        . Workspace owners decide who joins their workspace and can remove members at any time.
      </p>
    ),
  },
  {
    id: 'operations',
    title: 'Operations and availability',
    body: (
      <ul>
        <li>
          Uptime target: <strong>99.9%</strong> per month.
        </li>
        <li>
          Operational and security <strong>logs are kept 30 to 180 days</strong>.
        </li>
        <li>
          Encrypted <strong>backups are kept for 30 days</strong>.
        </li>
      </ul>
    ),
  },
  {
    id: 'disclosure',
    title: 'Reporting a vulnerability',
    body: (
      <p>
        Please report suspected vulnerabilities to <a href={`mailto:${CONTACTS.support}`}>{CONTACTS.support}</a> with
        the subject “Security”. We reply in under 1 business day and ask that you give us reasonable time to fix an
        issue before disclosing it.
      </p>
    ),
  },
];

export default function SecurityPage() {
  return (
    <PolicyPage
      eyebrow="Trust"
      title="Security"
      intro="How we protect your text, your account and our service."
      sections={sections}
    />
  );
}
