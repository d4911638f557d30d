/** The fixed text of a report, shared by the page, the modal and the PDF. */
export const INTRODUCTION =
  'This report summarises how Inkprint scored the text below for signs of AI authorship: the overall ' +
  'probability, how the text was analysed, how each part of it scored and what drove the verdict.';

export const VERIFICATION_NOTE =
  'Shared Inkprint reports are kept for 24 hours. To check this report is genuine, open it on Inkprint:';

/** Section 6 of a preview that has no link yet: no link to the home page in its place (issue 30 item 9). */
export const UNSHARED_VERIFICATION_NOTE =
  "This preview has not been shared, so it has no page of its own yet: 'Share Report' gives it a link (kept 24 hours) where anyone can check it.";

/** Section 4's word count is the detector's; section 2's (the PDF excerpt) counts the words as written. */
export const DETECTOR_WORDS_LABEL = 'Words analysed (detector count)';

/** Section 3: the two confidences and the bands, named apart (issue 30 item 1). */
export const CONFIDENCE_NOTE =
  "Confidence (Human / AI) is the score itself, split between human and AI; the chunk table's Confidence % is the engine's certainty in each chunk's score (the demo's 'Engine confidence'). Classification bands the score: Human up to 35.0% AI, AI-Generated from 65.0%, Mixed between; the demo's quick verdict splits at 50.0%.";

export const CONFIDENTIALITY_NOTE =
  'Confidential: this report is meant for the person who shared it and the people they chose. Scores are ' +
  'probabilistic estimates, not proof of authorship; do not use them as the only basis for academic or ' +
  'employment decisions.';

export const SITE_NAME = 'Inkprint';
