/** The named delays of the analytics events (their milliseconds: schemas/rules/analytics.json). A module of its own,
 *  so the consent group (loaded on every page for the cookie banner) does not carry actions/analytics.ts. */
export type AnalyticsDelay = 'checkoutStep' | 'dataLayerPush';
export const ANALYTICS_DELAYS: AnalyticsDelay[] = ['checkoutStep', 'dataLayerPush'];
