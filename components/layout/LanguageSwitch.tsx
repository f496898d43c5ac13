import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type LanguageSwitchProps = ComponentProps['LanguageSwitch'];

/**
 * SR | EN toggle. Emits `change` with { lang } when another language is chosen. Each button's name starts with its
 * visible code and adds the language's name ("SR Srpski"): label in name (WCAG 2.5.3) for speech input.
 */
export default function LanguageSwitch({ current, languages = ['sr', 'en'], emit, enabled }: LanguageSwitchProps & VocabularyProps) {
  const t = useT();
  return (
    <div className="ot-lang" role="group" aria-label={t('header.language')}>
      {languages.map((lang) => {
        const active = lang === current;
        return (
          <button
            key={lang}
            type="button"
            lang={lang}
            className={cx('ot-lang__btn', active && 'is-active')}
            aria-pressed={active}
            disabled={!enabled}
            onClick={() => {
              if (!active) void emit('change', { lang });
            }}
          >
            {lang.toUpperCase()}
            <span className="ot-sr-only"> {t(`header.language.${lang}`)}</span>
          </button>
        );
      })}
    </div>
  );
}
