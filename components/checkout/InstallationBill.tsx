import { useId, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import type { BillOption, HomeLineState, HomeStore, InstallationBill as Bill } from '../../actions/stores/home';
import './numbers.css';
import '../home/home.css';

export interface InstallationBillProps { options?: BillOption[]; state?: HomeLineState | null; address?: HomeStore['billAddress'] | null; readOnly?: boolean }

type Field = 'municipalityCode' | 'localityCode' | 'streetCode' | 'addressCode' | 'entrance' | 'flatNum';

/** The saved choice in words. */
export function billText(bill: Bill, t: (k: string, p?: Record<string, unknown>) => string): string {
  return t(`homeLine.bill.done.${bill.option}`, { address: bill.formattedAddress ?? '', email: bill.email ?? '' });
}

/** Where the installation bill goes: the installation address, another address of the address system, or an e-bill. */
function InstallationBill({ options = ['INSTALLATION_ADDRESS', 'OTHER_ADDRESS', 'E_BILL'], state, address, readOnly = false, emit, enabled }: InstallationBillProps & VocabularyProps) {
  const t = useT();
  const ids = useId();
  const saved = state?.setup?.installationBill ?? null;
  const [email, setEmail] = useState(saved?.email ?? '');
  const setup = state?.setup;
  if (!state || !setup || setup.checkStatus.status !== 'VALID') return null;
  if (readOnly) {
    return (
      <section className="ot-card ot-overview__block" aria-labelledby={`${ids}-title`}>
        <h2 id={`${ids}-title`} className="ot-overview__title">{t('homeLine.bill.overview')}</h2>
        <p className="ot-overview__addr">{t('homeLine.bill.installation', { address: setup.formattedAddress })}</p>
        <p>{billText(saved ?? { option: 'INSTALLATION_ADDRESS', formattedAddress: setup.formattedAddress, email: null, addressCode: null, entrance: null, flatNum: null }, t)}</p>
      </section>
    );
  }
  const on = enabled && !state.busy;
  const shown: BillOption = state.billOption ?? saved?.option ?? options[0];
  const err = state.billError ?? null;
  const errId = `${ids}-err`;

  const picker = () => {
    if (!address) return null;
    const num = address.numbers.find((n) => n.code === address.addressCode);
    const set = (field: Field, value: string) => void emit('addressField', { field, value });
    const select = (field: Field, label: string, opts: Array<{ code: string; name: string }>, disabled: boolean) => (
      <div className="ot-box__field">
        <label htmlFor={`${ids}-${field}`}>{label}</label>
        <select id={`${ids}-${field}`} value={address[field]} disabled={!on || disabled} onChange={(e) => set(field, e.target.value)}
          aria-invalid={state.billErrorField === field || undefined} aria-describedby={state.billErrorField === field ? errId : undefined}>
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
            <input id={`${ids}-flatNum`} inputMode="numeric" maxLength={4} value={address.flatNum} disabled={!on} onChange={(e) => set('flatNum', e.target.value.trim())}
              aria-invalid={state.billErrorField === 'flatNum' || undefined} aria-describedby={state.billErrorField === 'flatNum' ? errId : undefined} />
          </div>
        )}
      </div>
    );
  };

  const save = (e: FormEvent) => { e.preventDefault(); void emit('save', { option: shown, email }); };

  return (
    <div className="ot-numbers ot-bill">
      <fieldset className="ot-options">
        <legend>{t('homeLine.bill.title')}</legend>
        {options.map((o) => (
          <label key={o} className={cx('ot-option', shown === o && 'is-selected')}>
            <input type="radio" name={`${ids}-bill`} value={o} checked={shown === o} disabled={!on} onChange={() => void emit('option', { option: o })} />
            <span className="ot-option__body">
              <span className="ot-option__title">{t(`homeLine.bill.option.${o}`)}</span>
              <span className="ot-option__text">{o === 'INSTALLATION_ADDRESS' ? setup.formattedAddress : t(`homeLine.bill.option.${o}.hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {shown !== 'INSTALLATION_ADDRESS' && (
        <form className="ot-numbers__panel" onSubmit={save} noValidate aria-labelledby={`${ids}-form`}>
          <h3 id={`${ids}-form`} className="ot-numbers__heading">{t(`homeLine.bill.option.${shown}`)}</h3>
          {shown === 'OTHER_ADDRESS' && picker()}
          {shown === 'E_BILL' && (
            <div className="ot-numbers__field">
              <label htmlFor={`${ids}-email`}>{t('homeLine.bill.email')}</label>
              <input id={`${ids}-email`} className="ot-numbers__input" type="email" autoComplete="email" maxLength={120} value={email} disabled={!on}
                onChange={(e) => setEmail(e.target.value)} aria-invalid={state.billErrorField === 'email' || undefined} aria-describedby={state.billErrorField === 'email' ? errId : undefined} />
            </div>
          )}
          <div className="ot-numbers__row">
            <button type="submit" className="ot-btn ot-btn--outline ot-btn--medium" disabled={!on}>{t('homeLine.bill.save')}</button>
          </div>
        </form>
      )}
      {saved && saved.option === shown && <p className="ot-numbers__held" role="status">{billText(saved, t)}</p>}
      {err && <p id={errId} className="ot-field-error" role="alert">{err}</p>}
    </div>
  );
}

/** An observer: it reads store objects passed whole (nested changes re-render it). */
export default observer(InstallationBill);
