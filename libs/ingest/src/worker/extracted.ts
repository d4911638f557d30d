/** What an extractor returns from the worker thread. */
export interface Extracted {
  text: string;
  pages?: number;
  warnings: string[];
}
