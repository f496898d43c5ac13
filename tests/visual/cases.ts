// The cases of the screenshot suite (tests/visual/screens.test.tsx): the key screens, the fixture each is shown in,
// and the widths. Kept apart from the test so the coverage table (tests/snapshots/coverage.ts) lists what is run.

/** The key screens and the fixture each is shown in. */
export const KEY_SCREENS: ReadonlyArray<readonly [screen: string, fixture: string]> = [
  ['home', 'empty-cart'],
  ['plp-phones', 'empty-cart'],
  ['pdp', 'empty-cart'],
  ['checkout-data-delivery', 'guest-checkout'],
  ['checkout-overview-payment', 'guest-checkout'],
  ['order-success', 'guest-checkout'],
];

/** Every key screen is drawn at each width (px). */
export const WIDTHS = [375, 1280] as const;
