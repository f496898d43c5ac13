import { useState } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import type { ComponentProps } from '../../schemas/types/components';

export type EsimChoiceProps = ComponentProps['EsimChoice'];

/**
 * The SIM of a tariff entry in the cart, by the tariff's esim (seed 000 §1): ESIM_SIM → a checkbox "eSIM instead of
 * a physical SIM card" (emits `change` { entryNumber, selected }; the cart's esimOptionSelected is the state, so it
 * stays when the shopper comes back); ESIM → a notice that the tariff comes as an eSIM only; NONE → nothing.
 */
export default function EsimChoice({ cart, entryNumber, emit, enabled }: EsimChoiceProps & VocabularyProps) {
  const t = useT();
  const [pending, setPending] = useState<boolean | null>(null);
  const entry = (cart?.entries ?? []).find((e) => e.entryNumber === entryNumber && e.product.productOfferingType === 'TARIFF');
  if (!entry) return null;
  const option = entry.product.esim;
  if (option === 'ESIM') {
    return (
      <div className="ot-esim ot-esim--only" role="note">
        <span className="ot-badge ot-badge--brand">{t('product.esim')}</span>
        <p>{t('pdp.esim.only', { tariff: entry.product.name })}</p>
      </div>
    );
  }
  if (option !== 'ESIM_SIM') return null;
  const checked = pending ?? entry.esimOptionSelected === true;
  const change = async (selected: boolean) => {
    setPending(selected);
    try {
      await emit('change', { entryNumber: entry.entryNumber, selected });
    } finally {
      setPending(null);
    }
  };
  return (
    <fieldset className="ot-esim">
      <legend>{t('pdp.esim.title')}</legend>
      <label className="ot-option ot-esim__option">
        <input type="checkbox" checked={checked} disabled={!enabled || pending !== null} onChange={(ev) => void change(ev.target.checked)} />
        <span className="ot-option__body">
          <span className="ot-option__title">{t('pdp.esim.choose')}</span>
          <span className="ot-option__text">{t('pdp.esim.hint')}</span>
        </span>
      </label>
    </fieldset>
  );
}
