import { useId } from 'react';
import { observer } from 'mobx-react-lite';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import type { AddressField, DeliveryState } from '../../actions/stores/delivery';
import './numbers.css';

export interface AddressFinderProps {
  state?: DeliveryState | null;
  /** also the entrance, floor and flat fields (the delivery step); the guest form has its own */
  details?: boolean;
}

/** An address from the address system (seed 001 §7): municipality → locality → street → number, each list loaded
 *  when the part above is chosen (a failed lookup gives an empty list); the building's entrances, floor and flat. */
function AddressFinder({ state, details = true, emit, enabled }: AddressFinderProps & VocabularyProps) {
  const t = useT();
  const ids = useId();
  if (!state) return null;
  const set = (field: AddressField, value: string) => void emit('address', { field, value });
  const num = state.numbers.find((n) => n.tisAddressCode === state.tisAddressCode);
  const select = (field: AddressField, label: string, options: Array<{ code: string; name: string }>, disabled: boolean) => (
    <div className="ot-numbers__field">
      <label htmlFor={`${ids}-${field}`}>{label}</label>
      <select id={`${ids}-${field}`} className="ot-numbers__input" value={state[field]} disabled={!enabled || disabled} onChange={(e) => set(field, e.target.value)}>
        <option value="">{t('delivery.new.choose')}</option>
        {options.map((o) => <option key={o.code} value={o.code}>{o.name}</option>)}
      </select>
    </div>
  );
  const input = (field: 'floor' | 'apartment', label: string) => (
    <div className="ot-numbers__field">
      <label htmlFor={`${ids}-${field}`}>{label}</label>
      <input id={`${ids}-${field}`} className="ot-numbers__input" maxLength={6} value={state[field]} disabled={!enabled} onChange={(e) => set(field, e.target.value)} />
    </div>
  );
  return (
    <>
      {state.loaded && state.municipalities.length === 0 && <p className="ot-muted" role="status">{t('delivery.new.empty')}</p>}
      <div className="ot-delivery__grid">
        {select('municipalityCode', t('delivery.new.municipality'), state.municipalities, false)}
        {select('localityCode', t('delivery.new.locality'), state.localities, !state.municipalityCode)}
        {select('streetCode', t('delivery.new.street'), state.streets, !state.localityCode)}
        {select('tisAddressCode', t('delivery.new.number'), state.numbers.map((n) => ({ code: n.tisAddressCode, name: n.number })), !state.streetCode)}
        {details && num && num.entrances.length > 0 && select('entrance', t('delivery.new.entrance'), num.entrances.map((e) => ({ code: e, name: e })), false)}
        {details && input('floor', t('delivery.new.floor'))}
        {details && input('apartment', t('delivery.new.apartment'))}
      </div>
    </>
  );
}

export default observer(AddressFinder);
