import { useId, useState } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';

export type CookieSettingsProps = ComponentProps['CookieSettings'];

/** The cookie settings (in the cookie-settings dialog): necessary (always on), analytics, marketing; "Save" emits the choice. */
export default function CookieSettings({ consent, intro, necessary, necessaryText, analytics, analyticsText, marketing, marketingText, save, emit, enabled }: CookieSettingsProps & VocabularyProps) {
  const [choice, setChoice] = useState({ analytics: consent?.analytics === true, marketing: consent?.marketing === true });
  const id = useId();
  const row = (key: 'necessary' | 'analytics' | 'marketing', label: string, text: string) => (
    <div className="ot-cookie-option">
      <input
        id={`${id}-${key}`}
        type="checkbox"
        className="ot-cookie-option__box"
        checked={key === 'necessary' ? true : choice[key]}
        disabled={key === 'necessary' || !enabled}
        aria-describedby={`${id}-${key}-text`}
        onChange={(e) => { if (key !== 'necessary') setChoice((c) => ({ ...c, [key]: e.target.checked })); }}
      />
      <label htmlFor={`${id}-${key}`} className="ot-cookie-option__label">{label}</label>
      <p id={`${id}-${key}-text`} className="ot-cookie-option__text">{text}</p>
    </div>
  );
  return (
    <div className="ot-cookie-settings">
      {intro ? <p>{intro}</p> : null}
      {row('necessary', necessary, necessaryText)}
      {row('analytics', analytics, analyticsText)}
      {row('marketing', marketing, marketingText)}
      <button type="button" className="ot-btn ot-btn--primary ot-btn--medium" disabled={!enabled} onClick={() => void emit('save', choice)}>{save}</button>
    </div>
  );
}
