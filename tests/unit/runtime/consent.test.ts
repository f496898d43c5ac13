// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { CONSENT_MAX_AGE, pushEvent, readConsent, writeConsent } from '../../../actions/consent-cookies';

/** a cookie jar like document.cookie: writing one cookie replaces it, reading gives name=value; … */
function jar() {
  const cookies = new Map<string, string>();
  const writes: string[] = [];
  return {
    writes,
    get cookie() { return [...cookies].map(([k, v]) => `${k}=${v}`).join('; '); },
    set cookie(s: string) { writes.push(s); const [nv] = s.split(';'); const i = nv.indexOf('='); cookies.set(nv.slice(0, i), nv.slice(i + 1)); },
  };
}

describe('cookie consent', () => {
  it('keeps the choice a year in the b2c and b2b cookies and reads it back', () => {
    const j = jar();
    expect(readConsent(j)).toBeNull();
    writeConsent(j, { analytics: true, marketing: false });
    expect(j.writes).toHaveLength(2);
    expect(j.writes[0]).toMatch(/^b2c_consent=necessary%3A1%7Canalytics%3A1%7Cmarketing%3A0; path=\/; max-age=31536000; samesite=lax$/);
    expect(j.writes[1]).toMatch(/^b2b_consent=/);
    expect(CONSENT_MAX_AGE).toBe(365 * 86400);
    expect(readConsent(j)).toEqual({ decided: true, analytics: true, marketing: false });
  });

  it('treats a damaged cookie as no choice', () => {
    expect(readConsent({ cookie: 'b2c_consent=garbage' })).toBeNull();
    expect(readConsent({ cookie: 'b2c_consent=analytics%3A1' })).toBeNull();
  });

  it('pushes to the data layer only with the analytics consent, checked again after a delay', () => {
    vi.useFakeTimers();
    try {
      const host: { dataLayer?: unknown[] } = {};
      let consent = { decided: false, analytics: false, marketing: false };
      pushEvent(() => consent, { event: 'view_mini_cart' }, 0, host);
      expect(host.dataLayer).toBeUndefined();
      consent = { decided: true, analytics: true, marketing: false };
      pushEvent(() => consent, { event: 'view_mini_cart' }, 0, host);
      expect(host.dataLayer).toEqual([{ event: 'view_mini_cart' }]);
      pushEvent(() => consent, { event: 'checkout_step' }, 3000, host);
      consent = { decided: true, analytics: false, marketing: false }; // withdrawn before the delay is over
      vi.advanceTimersByTime(3000);
      expect(host.dataLayer).toHaveLength(1);
    } finally { vi.useRealTimers(); }
  });
});
