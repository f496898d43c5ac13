import { useId } from 'react';
import { observer } from 'mobx-react-lite';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';
import { useT } from '../../renderer/hooks';
import { AddressCascade, type CascadeInput } from '../shared/addressCascade';
import './numbers.css';

export type AddressFinderProps = ComponentProps['AddressFinder'];

/** The building's floor and flat after the lists (the delivery step; the guest form has its own). */
const DETAILS: CascadeInput[] = [{ field: 'floor', label: 'floor', maxLength: 6 }, { field: 'apartment', label: 'apartment', maxLength: 6 }];

/** An address from the address system (seed 001 §7): municipality → locality → street → number, each list loaded
 *  when the part above is chosen (a failed lookup gives an empty list); the building's entrances, floor and flat. */
function AddressFinder({ state, details = true, emit, enabled }: AddressFinderProps & VocabularyProps) {
  const t = useT();
  const ids = useId();
  if (!state) return null;
  const num = state.numbers.find((n) => n.tisAddressCode === state.tisAddressCode);
  const numbers = state.numbers.map((n) => ({ code: n.tisAddressCode, name: n.number }));
  return (
    <>
      {state.loaded && state.municipalities.length === 0 && <p className="ot-muted" role="status">{t('delivery.new.empty')}</p>}
      <AddressCascade ids={ids} keys="delivery.new" gridClass="ot-delivery__grid" fieldClass="ot-numbers__field" inputClass="ot-numbers__input"
        lists={{ municipalities: state.municipalities, localities: state.localities, streets: state.streets, numbers }} values={state}
        numberField="tisAddressCode" entrances={details ? num?.entrances : null} inputs={details ? DETAILS : []} on={enabled}
        onChange={(field, value) => void emit('address', { field, value })} />
    </>
  );
}

export default observer(AddressFinder);
