import { Link as RouterLink } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';

export type CookieBannerProps = ComponentProps['CookieBanner'];

/**
 * The cookie banner (seed 001 §9): shown until the shopper chooses. "Accept all", "Necessary only" and
 * "Settings" (which opens the settings dialog) are events; the choice is kept by the consent actions.
 */
export default function CookieBanner({ consent, title, text, acceptAll, necessaryOnly, settings, privacyLabel, privacyUrl, emit, enabled }: CookieBannerProps & VocabularyProps) {
  if (!consent || consent.decided) return null;
  return (
    <section className="ot-cookies" role="region" aria-labelledby="ot-cookies-title">
      <div className="ot-cookies__inner">
        <div className="ot-cookies__text">
          <h2 id="ot-cookies-title" className="ot-cookies__title">{title}</h2>
          <p>
            {text}
            {privacyLabel && privacyUrl ? <> <RouterLink className="ot-link ot-link--inline" to={privacyUrl}>{privacyLabel}</RouterLink></> : null}
          </p>
        </div>
        <div className="ot-cookies__actions">
          <button type="button" className="ot-btn ot-btn--ghost ot-btn--medium" disabled={!enabled} onClick={() => void emit('settings')}>{settings}</button>
          <button type="button" className="ot-btn ot-btn--outline ot-btn--medium" disabled={!enabled} onClick={() => void emit('necessaryOnly')}>{necessaryOnly}</button>
          <button type="button" className="ot-btn ot-btn--primary ot-btn--medium" disabled={!enabled} onClick={() => void emit('acceptAll')}>{acceptAll}</button>
        </div>
      </div>
    </section>
  );
}
