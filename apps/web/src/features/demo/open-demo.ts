/** The demo's tabs. */
export type DemoTab = 'detector' | 'humanizer';

/** The window event other parts of the page send to switch the demo's tab: `detail` is the tab name (or { tab }). */
export const OPEN_DEMO_EVENT = 'open-demo';

/** Spec §4 "Demo tabs": asks the demo (if it is on the page) to switch to `tab`. */
export function openDemo(tab: DemoTab): void {
  window.dispatchEvent(new CustomEvent(OPEN_DEMO_EVENT, { detail: tab }));
}
