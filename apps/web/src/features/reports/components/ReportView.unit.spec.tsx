import { renderToStaticMarkup } from 'react-dom/server';
import { ReportView } from './ReportView';

const text = (html: string) =>
  html
    .replace(/<style[^>]*>[^<]*<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('ReportView (server-rendered markup)', () => {
  it("reads 'No data.' without a report", () => {
    const html = text(renderToStaticMarkup(<ReportView report={null} verifyUrl="https://inkprint.app/" />));
    expect(html.trim()).toBe('No data.');
  });

  it('renders the six numbered sections, the fallbacks, the footer and the watermark', () => {
    const html = renderToStaticMarkup(
      <ReportView
        report={{
          createdAt: '2026-11-24T10:00:00.000Z',
          result: { score: 0.5, text: 'Le chat dort.', modeLabel: 'Fast' },
        }}
        verifyUrl="https://inkprint.app/report/abcd1234"
      />,
    );
    const shown = text(html);
    for (const heading of [
      '1. Introduction',
      '2. Input Text',
      '3. Analysis Summary',
      '4. Feature Insights',
      '5. Narrative Verdict',
      '6. Platform Authenticity Verification',
    ]) {
      expect(shown).toContain(heading);
    }
    expect(shown).toContain('Le chat dort.');
    expect(shown).toContain('13 chars');
    expect(shown).toContain('Unknown');
    expect(shown).toContain('50.0% / 50.0%');
    expect(shown).toContain('Mixed');
    expect(shown).toContain('No extended rationale available.');
    expect(shown).toContain('Confidential');
    expect(shown).toContain('INKPRINT');
    expect(html).toContain('href="https://inkprint.app/report/abcd1234"');
    // The two confidences and the bands, named apart (issue 30 item 1).
    expect(shown).toContain('Confidence (Human / AI) is the score itself, split between human and AI; the chunk table');
    expect(shown).toContain('the demo&#x27;s quick verdict splits at 50.0%'); // the apostrophe as the markup writes it
    // No chunks: no chunk breakdown toggle.
    expect(shown).not.toContain('chunk breakdown');
  });

  // Issue 30 item 9: a preview that was not shared has no page of its own, so section 6 links nowhere (not home).
  it('says how to get a verification link for a preview not shared yet, and links nowhere', () => {
    const html = renderToStaticMarkup(
      <ReportView
        report={{ createdAt: '2026-11-24T10:00:00.000Z', result: { score: 0.2, text: 'A short note.' } }}
        verifyUrl={null}
      />,
    );
    expect(text(html)).toContain('This report has not been shared, so it has no page of its own');
    expect(html).not.toMatch(/href="[^"]*"/);
  });
});
