import { useId } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import './addons.css';
import type { ComponentProps } from '../../schemas/types/components';

export type CountryPickerProps = ComponentProps['CountryPicker'];

/** A labelled country list (the roaming countries); choosing one emits `change` { isocode } ('' for none). */
export default function CountryPicker({ countries, value, label, emit, enabled }: CountryPickerProps & VocabularyProps) {
  const t = useT();
  const id = useId();
  return (
    <div className="ot-country">
      <label htmlFor={id}>{label ?? t('roaming.country.label')}</label>
      <select id={id} value={value ?? ''} disabled={!enabled} onChange={(e) => void emit('change', { isocode: e.target.value })}>
        <option value="">{t('roaming.country.choose')}</option>
        {(countries ?? []).map((c) => <option key={c.isocode} value={c.isocode}>{c.name}</option>)}
      </select>
    </div>
  );
}
