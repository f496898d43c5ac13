/** The address-system cascade (municipality → locality → street → number, then what the building asks: entrance, flat,
 *  floor, apartment), drawn once for every picker of the shop (issue 28): the account's AddressPicker, the delivery's
 *  AddressFinder, the home BoxCheck and the home-line step's pickers. What differs between them (ids, message keys,
 *  classes, where a message shows, the event sent) is a prop; the pickers keep their own events and payloads. */
import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useT } from '../../renderer/hooks';
import type { HomeStore } from '../../actions/stores/home';

/** A field of the cascade, as the pickers' events name it (the street number is tisAddressCode or addressCode). */
export type CascadeField = 'municipalityCode' | 'localityCode' | 'streetCode' | 'tisAddressCode' | 'addressCode' | 'entrance' | 'flatNum' | 'floor' | 'apartment';

/** An entry of a list: its code (the select's value) and what is shown. */
export interface CascadeOption { code: string; name: string }

/** A free-text field after the lists (flat, floor, apartment). */
export interface CascadeInput {
  /** the field's name: its value in `values`, its id `<ids>-<field>`, what onChange names */
  field: 'flatNum' | 'floor' | 'apartment';
  /** the message key's last part (`<keys>.<label>`) */
  label: string;
  maxLength: number;
  inputMode?: 'numeric';
  autoComplete?: string;
  /** white space around the value is dropped before it goes out (a flat number) */
  trim?: boolean;
}

/** The field a message names: marked invalid; with `text` the message shows under it (id `<ids>-<field>-err`),
 *  else `describedBy` is the id of the message shown elsewhere. */
export interface CascadeError { field: string | null; text?: string; describedBy?: string }

export interface AddressCascadeProps {
  /** the id prefix: a field's id is `<ids>-<field>` */
  ids: string;
  /** the message keys' prefix: `<keys>.municipality`, `.locality`, `.street`, `.number`, `.entrance`, `.choose` and the inputs' labels */
  keys: string;
  /** the class of the grid and of each field's box; `inputClass` that of the selects and inputs (none when absent) */
  gridClass: string;
  fieldClass: string;
  inputClass?: string;
  /** the lists must be chosen from (the form's own check) */
  required?: boolean;
  /** the four lists, each loaded once the list above is chosen */
  lists: { municipalities: CascadeOption[]; localities: CascadeOption[]; streets: CascadeOption[]; numbers: CascadeOption[] };
  /** the chosen codes and the inputs' values by field (municipalityCode, localityCode, streetCode, the number's field, …) */
  values: Readonly<Partial<Record<CascadeField, string>>>;
  /** the field the street number's code goes out as (tisAddressCode or addressCode) */
  numberField: 'tisAddressCode' | 'addressCode';
  /** the chosen number's entrances: a list to choose from when there are any (field `entrance`) */
  entrances?: string[] | null;
  inputs?: CascadeInput[];
  /** whether the fields take input */
  on: boolean;
  error?: CascadeError | null;
  onChange(field: CascadeField, value: string): void;
}

/** One field's box: its label, the control, and the message under it when the error carries the text. */
function Field({ id, label, error, className, children }: { id: string; label: string; error: string | null; className: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && <p id={`${id}-err`} className="ot-field-error">{error}</p>}
    </div>
  );
}

/** The lists and inputs of an address; each change goes out through onChange(field, value). */
export const AddressCascade = observer(function AddressCascade(p: AddressCascadeProps) {
  const t = useT();
  const { ids, keys, values, error, on, onChange } = p;
  const value = (field: CascadeField) => values[field] ?? '';
  const named = (field: CascadeField) => !!error && error.field === field;
  // the attributes that mark the named field: described by its own message (under it) or by the one shown elsewhere
  const aria = (id: string, field: CascadeField) => (named(field)
    ? { 'aria-invalid': true, 'aria-describedby': error?.text ? `${id}-err` : error?.describedBy }
    : {});
  const text = (field: CascadeField) => (named(field) ? error?.text ?? null : null);
  const select = (field: CascadeField, label: string, options: CascadeOption[], disabled: boolean) => {
    const id = `${ids}-${field}`;
    return (
      <Field id={id} label={t(`${keys}.${label}`)} error={text(field)} className={p.fieldClass}>
        <select id={id} className={p.inputClass} value={value(field)} disabled={!on || disabled} required={p.required}
          onChange={(e) => onChange(field, e.target.value)} {...aria(id, field)}>
          <option value="">{t(`${keys}.choose`)}</option>
          {options.map((o) => <option key={o.code} value={o.code}>{o.name}</option>)}
        </select>
      </Field>
    );
  };
  const input = (f: CascadeInput) => {
    const id = `${ids}-${f.field}`;
    return (
      <Field key={f.field} id={id} label={t(`${keys}.${f.label}`)} error={text(f.field)} className={p.fieldClass}>
        <input id={id} className={p.inputClass} inputMode={f.inputMode} maxLength={f.maxLength} value={value(f.field)} disabled={!on}
          autoComplete={f.autoComplete} onChange={(e) => onChange(f.field, f.trim ? e.target.value.trim() : e.target.value)} {...aria(id, f.field)} />
      </Field>
    );
  };
  const { lists, entrances } = p;
  return (
    <div className={p.gridClass}>
      {select('municipalityCode', 'municipality', lists.municipalities, false)}
      {select('localityCode', 'locality', lists.localities, !value('municipalityCode'))}
      {select('streetCode', 'street', lists.streets, !value('localityCode'))}
      {select(p.numberField, 'number', lists.numbers, !value('streetCode'))}
      {entrances && entrances.length > 0 && select('entrance', 'entrance', entrances.map((e) => ({ code: e, name: e })), false)}
      {p.inputs?.map(input)}
    </div>
  );
});

/** A picker of the home store (boxCheck, billAddress): its numbers carry their entrances and how many flats. */
type HomePicker = HomeStore['billAddress'];

export interface HomeAddressCascadeProps {
  address: HomePicker;
  ids: string;
  on: boolean;
  error?: CascadeError | null;
  onChange(field: CascadeField, value: string): void;
}

/** The home store's picker (BoxCheck, the home-line step, the installation bill): the entrance when the building has
 *  more than one, the flat number when it has flats. */
export const HomeAddressCascade = observer(function HomeAddressCascade({ address, ids, on, error, onChange }: HomeAddressCascadeProps) {
  const num = address.numbers.find((n) => n.code === address.addressCode);
  const numbers = address.numbers.map((n) => ({ code: n.code, name: n.number }));
  const flat: CascadeInput[] = num && num.flats > 0 ? [{ field: 'flatNum', label: 'flat', inputMode: 'numeric', maxLength: 4, trim: true }] : [];
  return (
    <AddressCascade ids={ids} keys="home.box" gridClass="ot-box__grid" fieldClass="ot-box__field" values={address} numberField="addressCode"
      lists={{ municipalities: address.municipalities, localities: address.localities, streets: address.streets, numbers }}
      entrances={num?.entrances} inputs={flat} on={on} error={error} onChange={onChange} />
  );
});
