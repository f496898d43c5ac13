import { observer } from 'mobx-react-lite';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';
import { useT } from '../../renderer/hooks';
import { AddressCascade, type CascadeInput } from '../shared/addressCascade';
import './account.css';

export type AddressPickerProps = ComponentProps['AddressPicker'];

/** The apartment number after the street number (the account's address has no entrance or flat lists). */
const APARTMENT: CascadeInput[] = [{ field: 'apartment', label: 'apartment', maxLength: 10, autoComplete: 'off' }];

/** An address from the address system (municipality → locality → street → number) and an apartment number. */
function AddressPicker({ state, error, legend, emit, enabled }: AddressPickerProps & VocabularyProps) {
  const t = useT();
  if (!state) return null;
  return (
    <fieldset className="ot-address">
      <legend>{t(legend ?? 'account.address.legend')}</legend>
      <AddressCascade ids="address" keys="account.address" gridClass="ot-address__grid" fieldClass="ot-address__field" required
        lists={state} values={state} numberField="tisAddressCode" inputs={APARTMENT} on={enabled}
        error={error ? { field: state.errorField, text: error } : null} onChange={(field, value) => void emit('change', { field, value })} />
    </fieldset>
  );
}

/** An observer: it reads the store object passed whole (nested changes re-render it). */
export default observer(AddressPicker);
