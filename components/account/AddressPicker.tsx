import { observer } from 'mobx-react-lite';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import type { AddressPickerState } from '../../actions/stores/account';
import './account.css';

export interface AddressPickerProps {
  state?: AddressPickerState | null;
  error?: string | null;
  legend?: string;
}

type Field = 'municipalityCode' | 'localityCode' | 'streetCode' | 'tisAddressCode' | 'apartment';

/** An address from the address system (municipality → locality → street → number) and an apartment number. */
function AddressPicker({ state, error, legend, emit, enabled }: AddressPickerProps & VocabularyProps) {
  const t = useT();
  if (!state) return null;
  const set = (field: Field, value: string) => void emit('change', { field, value });
  const bad = (f: Field) => state.errorField === f && !!error;
  const select = (field: Field, label: string, options: Array<{ code: string; name: string }>, disabled: boolean) => (
    <div className="ot-address__field">
      <label htmlFor={`address-${field}`}>{label}</label>
      <select id={`address-${field}`} value={state[field]} disabled={!enabled || disabled} required onChange={(e) => set(field, e.target.value)}
        aria-invalid={bad(field) ? true : undefined} aria-describedby={bad(field) ? `address-${field}-err` : undefined}>
        <option value="">{t('account.address.choose')}</option>
        {options.map((o) => <option key={o.code} value={o.code}>{o.name}</option>)}
      </select>
      {bad(field) && <p id={`address-${field}-err`} className="ot-field-error">{error}</p>}
    </div>
  );
  return (
    <fieldset className="ot-address">
      <legend>{t(legend ?? 'account.address.legend')}</legend>
      <div className="ot-address__grid">
        {select('municipalityCode', t('account.address.municipality'), state.municipalities, false)}
        {select('localityCode', t('account.address.locality'), state.localities, !state.municipalityCode)}
        {select('streetCode', t('account.address.street'), state.streets, !state.localityCode)}
        {select('tisAddressCode', t('account.address.number'), state.numbers, !state.streetCode)}
        <div className="ot-address__field">
          <label htmlFor="address-apartment">{t('account.address.apartment')}</label>
          <input id="address-apartment" maxLength={10} value={state.apartment} disabled={!enabled} autoComplete="off"
            onChange={(e) => set('apartment', e.target.value)} />
        </div>
      </div>
    </fieldset>
  );
}

/** An observer: it reads the store object passed whole (nested changes re-render it). */
export default observer(AddressPicker);
