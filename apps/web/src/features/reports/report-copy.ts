/** The fixed text of a report, shared by the page, the modal and the PDF. */
export const INTRODUCTION =
  'This report summarises how Inkprint scored the text below for signs of AI authorship: the overall ' +
  'probability, how the text was analysed, how each part of it scored and what drove the verdict.';

export const VERIFICATION_NOTE =
  'Shared Inkprint reports are kept for 24 hours. To check this report is genuine, open it on Inkprint:';

/**
 * Section 6 of a preview that has no link yet: no link to the home page in its place (issue 30 item 9), and no button
 * named that a PDF or a page without it cannot show (issue 43 item 7).
 */
export const UNSHARED_VERIFICATION_NOTE =
  'This report has not been shared, so it has no page of its own where it can be checked. A shared report gets a link, kept 24 hours, where anyone can check it.';

/** A file's report in a batch PDF: section 1 and 6 point to the summary page, which holds the notes once. */
export const BATCH_REPORT_INTRODUCTION =
  "One file of the batch summarised on page 1, which explains the figures. The file's text, its scores and what drove the verdict follow.";
export const BATCH_VERIFICATION_NOTE =
  'The reports of a batch PDF are not shared, so they have no page of their own where they can be checked.';

/** Section 4's word count is the detector's; section 2's (the PDF excerpt) counts the words as written. */
export const DETECTOR_WORDS_LABEL = 'Words analysed (detector count)';

/** Section 3: the two confidences and the bands, named apart (issue 30 item 1). */
export const CONFIDENCE_NOTE =
  "Confidence (Human / AI) is the score itself, split between human and AI; the chunk table's Confidence % is the engine's certainty in each chunk's score (the demo's 'Engine confidence'). Classification bands the score: Human up to 35.0% AI, AI-Generated from 65.0%, Mixed between; the demo's quick verdict splits at 50.0%.";

/** The batch table's and batch PDF's two figures, named apart (issue 43 item 2). */
export const BATCH_CONFIDENCE_NOTE =
  "AI % is the detector's score for the file (the report's Confidence (Human / AI) splits that same score); Engine confidence is how sure the detector is of it (text length, agreement between its parts).";

export const CONFIDENTIALITY_NOTE =
  'Confidential: this report is meant for the person who shared it and the people they chose. Scores are ' +
  'probabilistic estimates, not proof of authorship; do not use them as the only basis for academic or ' +
  'employment decisions.';

export const SITE_NAME = 'Inkprint';
