import { useId } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type ConsentTemplateView = NonNullable<ConsentListProps['templates']>[number];

export type ConsentListProps = ComponentProps['ConsentList'];

/**
 * The consent checkboxes of the last step. Required ones are marked; all start unchecked (the store
 * holds the values). Required consents not yet confirmed on submit (`errors`) are flagged with the
 * consent-required message (singular or plural). Emits `change` { id, value }.
 */
export default function ConsentList({ templates, values, errors, title, emit, enabled }: ConsentListProps & VocabularyProps) {
  const t = useT();
  const base = useId();
  const list = templates ?? [];
  if (list.length === 0) return null;
  const missing = new Set(errors ?? []);
  const errId = `${base}-err`;
  return (
    <fieldset className="ot-consents" aria-describedby={missing.size > 0 ? errId : undefined}>
      <legend className="ot-consents__title">{title ?? t('checkout.consents.title')}</legend>
      {list.map((c) => {
        const id = `${base}-${c.id}`;
        const invalid = missing.has(c.id);
        return (
          <div key={c.id} className={cx('ot-consent', invalid && 'is-invalid')}>
            <input
              id={id}
              type="checkbox"
              checked={Boolean(values?.[c.id])}
              disabled={!enabled}
              required={c.required}
              aria-invalid={invalid || undefined}
              onChange={(e) => void emit('change', { id: c.id, value: e.currentTarget.checked })}
            />
            <label htmlFor={id}>
              <span className="ot-consent__name">
                {c.name}
                {c.required && (
                  <span className="ot-consent__req">
                    <span aria-hidden="true"> *</span>
                    <span className="ot-sr-only"> ({t('common.required')})</span>
                  </span>
                )}
              </span>
              {c.description && <span className="ot-consent__desc">{c.description}</span>}
            </label>
            {c.documentUrl && (
              <a className="ot-link ot-link--inline ot-consent__doc" href={c.documentUrl} target="_blank" rel="noopener noreferrer">
                {t('checkout.consents.document')}
              </a>
            )}
          </div>
        );
      })}
      {missing.size > 0 && (
        <p className="ot-field-error" id={errId} role="alert">
          {t('validation.consentRequired', { count: missing.size })}
        </p>
      )}
      <p className="ot-text ot-text--small">{t('checkout.consents.requiredNote')}</p>
    </fieldset>
  );
}
