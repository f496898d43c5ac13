/** The address-system picker the home-line step and the installation bill share (municipality → locality → street → number, entrance, flat). */
import { observer } from 'mobx-react-lite';
import type { VocabularyProps } from '../../renderer/types';
import type { useT } from '../../renderer/hooks';
import type { HomeStore } from '../../actions/stores/home';

/** A field of the picker (what `addressField` names). */
export type AddressGridField = 'municipalityCode' | 'localityCode' | 'streetCode' | 'addressCode' | 'entrance' | 'flatNum';

export interface AddressGridProps {
  /** the picker's lists and choices (the home store's boxCheck or billAddress) */
  address: HomeStore['billAddress'];
  /** the owning step's useId prefix: the fields are `<ids>-<field>` */
  ids: string;
  t: ReturnType<typeof useT>;
  /** whether the fields take input */
  on: boolean;
  emit: VocabularyProps['emit'];
  /** the field a message names (marked invalid and described by `errId`) */
  errorField?: string | null;
  errId?: string;
}

/** The picker's grid of selects and the flat number; every change goes out as `addressField` { field, value }. */
export const AddressGrid = observer(function AddressGrid({ address, ids, t, on, emit, errorField, errId }: AddressGridProps) {
  const num = address.numbers.find((n) => n.code === address.addressCode);
  const set = (field: AddressGridField, value: string) => void emit('addressField', { field, value });
  const invalid = (field: AddressGridField) => ({ 'aria-invalid': errorField === field || undefined, 'aria-describedby': errorField === field ? errId : undefined });
  const select = (field: AddressGridField, label: string, opts: Array<{ code: string; name: string }>, disabled: boolean) => (
    <div className="ot-box__field">
      <label htmlFor={`${ids}-${field}`}>{label}</label>
      <select id={`${ids}-${field}`} value={address[field]} disabled={!on || disabled} onChange={(e) => set(field, e.target.value)} {...invalid(field)}>
        <option value="">{t('home.box.choose')}</option>
        {opts.map((o) => <option key={o.code} value={o.code}>{o.name}</option>)}
      </select>
    </div>
  );
  return (
    <div className="ot-box__grid">
      {select('municipalityCode', t('home.box.municipality'), address.municipalities, false)}
      {select('localityCode', t('home.box.locality'), address.localities, !address.municipalityCode)}
      {select('streetCode', t('home.box.street'), address.streets, !address.localityCode)}
      {select('addressCode', t('home.box.number'), address.numbers.map((n) => ({ code: n.code, name: n.number })), !address.streetCode)}
      {num && num.entrances.length > 0 && select('entrance', t('home.box.entrance'), num.entrances.map((e) => ({ code: e, name: e })), false)}
      {num && num.flats > 0 && (
        <div className="ot-box__field">
          <label htmlFor={`${ids}-flatNum`}>{t('home.box.flat')}</label>
          <input id={`${ids}-flatNum`} inputMode="numeric" maxLength={4} value={address.flatNum} disabled={!on} onChange={(e) => set('flatNum', e.target.value.trim())} {...invalid('flatNum')} />
        </div>
      )}
    </div>
  );
});
