/** The fixed text of a report, shared by the page, the modal and the PDF. */
export const INTRODUCTION =
  'This report summarises how Inkprint scored the text below for signs of AI authorship: the overall ' +
  'probability, how the text was analysed, how each part of it scored and what drove the verdict.';

export const VERIFICATION_NOTE =
  'Shared Inkprint reports are kept for 24 hours. To check this report is genuine, open it on Inkprint:';

export const CONFIDENTIALITY_NOTE =
  'Confidential: this report is meant for the person who shared it and the people they chose. Scores are ' +
  'probabilistic estimates, not proof of authorship; do not use them as the only basis for academic or ' +
  'employment decisions.';

export const SITE_NAME = 'Inkprint';
