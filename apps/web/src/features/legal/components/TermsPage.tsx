import { CONTACTS } from '../../../config/env';
import { PolicyPage, type PolicySection } from './PolicyPage';

const sections: PolicySection[] = [
  {
    id: 'agreement',
    title: 'Agreement',
    body: (
      <p>
        These terms govern your use of Inkprint. By creating an account or using the tools as a guest you agree to them.
        If you use Inkprint for an organisation, you confirm you may accept these terms on its behalf, and the{' '}
        <strong>workspace owner</strong> and <strong>administrators</strong> of that organisation manage its members.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <p>
        You must be <strong>at least 16 years old</strong> to use Inkprint with an account.
      </p>
    ),
  },
  {
    id: 'service',
    title: 'The service',
    body: (
      <>
        <p>
          The detector estimates how likely a text is to be AI-written; the humaniser rewrites text in a chosen tone.
          Scores are probabilities, not proof: do not base disciplinary or legal decisions on a score alone.
        </p>
        <p>
          We aim for <strong>99.9% monthly uptime</strong>, excluding announced maintenance.
        </p>
      </>
    ),
  },
  {
    id: 'plans',
    title: 'Plans, limits and billing',
    body: (
      <>
        <p>
          Each plan has its own character limits, daily requests and queue priority, as shown on the pricing section.
          Paid plans renew monthly until cancelled. The Basic plan's first month is billed at the introductory price.
        </p>
        <p>
          Billing questions go to <a href={`mailto:${CONTACTS.billing}`}>{CONTACTS.billing}</a>;{' '}
          <strong>billing replies are sent within 5 business days</strong>.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    body: (
      <p>
        If you are not satisfied, you may <strong>request a refund within 14 days</strong> of the start of your{' '}
        <strong>first billing period</strong>. Later periods are not refunded, but you can cancel at any time to stop
        the next renewal.
      </p>
    ),
  },
  {
    id: 'use',
    title: 'Acceptable use',
    body: (
      <ul>
        <li>Do not submit text you have no right to process.</li>
        <li>Do not attempt to bypass limits, probe the service for weaknesses or overload it.</li>
        <li>
          Do not use the humaniser to deceive others about who wrote a text where honesty is required, such as graded
          coursework.
        </li>
      </ul>
    ),
  },
  {
    id: 'content',
    title: 'Your content',
    body: (
      <p>
        You keep all rights to the text you submit. You grant us a limited licence to process it to provide the service;
        submitted text is stored for up to 48 hours and then deleted, as described in the Privacy Policy.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        The service is provided as is. To the extent the law allows, our liability is limited to the fees you paid in
        the three months before the claim.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We will notify you of changes <strong>at least 15 days before they take effect</strong>. Continuing to use
        Inkprint after that date means you accept the new terms.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Legal notices: <a href={`mailto:${CONTACTS.legal}`}>{CONTACTS.legal}</a>.{' '}
        <strong>Legal notices are answered within 2 business days.</strong>
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <PolicyPage
      eyebrow="Legal"
      title="Terms of Service"
      intro="The rules for using Inkprint, our plans and refunds."
      sections={sections}
    />
  );
}
