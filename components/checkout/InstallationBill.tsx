import { useId, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import type { BillOption, HomeSetup, InstallationBill as Bill } from '../../actions/stores/home';
import { HomeAddressCascade } from '../shared/addressCascade';
import './numbers.css';
import '../home/home.css';

export type InstallationBillProps = ComponentProps['InstallationBill'];

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
  if (readOnly) return <BillOverview ids={ids} t={t} setup={setup} saved={saved} />;
  const on = enabled && !state.busy;
  const shown: BillOption = state.billOption ?? saved?.option ?? options[0];
  const err = state.billError ?? null;
  const errId = `${ids}-err`;
  const save = (e: FormEvent) => { e.preventDefault(); void emit('save', { option: shown, email }); };

  return (
    <div className="ot-numbers ot-bill">
      <BillOptions options={options} shown={shown} setup={setup} ids={ids} t={t} on={on} emit={emit} />
      {shown !== 'INSTALLATION_ADDRESS' && (
        <form className="ot-numbers__panel" onSubmit={save} noValidate aria-labelledby={`${ids}-form`}>
          <h3 id={`${ids}-form`} className="ot-numbers__heading">{t(`homeLine.bill.option.${shown}`)}</h3>
          {shown === 'OTHER_ADDRESS' && address && (
            <HomeAddressCascade address={address} ids={ids} on={on} error={{ field: state.billErrorField ?? null, describedBy: errId }}
              onChange={(field, value) => void emit('addressField', { field, value })} />
          )}
          {shown === 'E_BILL' && <BillEmail ids={ids} t={t} on={on} email={email} setEmail={setEmail} errorField={state.billErrorField} errId={errId} />}
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

/** The message lookup the parts draw with (useT's answer). */
type T = ReturnType<typeof useT>;

/** The read-only block of the overview: the installation address and where the bill goes (the installation address when nothing was saved). */
const BillOverview = observer(function BillOverview({ ids, t, setup, saved }: { ids: string; t: T; setup: HomeSetup; saved: Bill | null }) {
  return (
    <section className="ot-card ot-overview__block" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="ot-overview__title">{t('homeLine.bill.overview')}</h2>
      <p className="ot-overview__addr">{t('homeLine.bill.installation', { address: setup.formattedAddress })}</p>
      <p>{billText(saved ?? { option: 'INSTALLATION_ADDRESS', formattedAddress: setup.formattedAddress, email: null, addressCode: null, entrance: null, flatNum: null }, t)}</p>
    </section>
  );
});

/** The bill options as radio buttons (each goes out as `option`); the installation address shows the address itself. */
const BillOptions = observer(function BillOptions({ options, shown, setup, ids, t, on, emit }: {
  options: BillOption[]; shown: BillOption; setup: HomeSetup; ids: string; t: T; on: boolean; emit: VocabularyProps['emit'];
}) {
  return (
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
  );
});

/** E_BILL: the address the e-bill goes to (kept by InstallationBill until saved). */
function BillEmail({ ids, t, on, email, setEmail, errorField, errId }: {
  ids: string; t: T; on: boolean; email: string; setEmail: (v: string) => void; errorField: string | null | undefined; errId: string;
}) {
  return (
    <div className="ot-numbers__field">
      <label htmlFor={`${ids}-email`}>{t('homeLine.bill.email')}</label>
      <input id={`${ids}-email`} className="ot-numbers__input" type="email" autoComplete="email" maxLength={120} value={email} disabled={!on}
        onChange={(e) => setEmail(e.target.value)} aria-invalid={errorField === 'email' || undefined} aria-describedby={errorField === 'email' ? errId : undefined} />
    </div>
  );
}

/** An observer: it reads store objects passed whole (nested changes re-render it). */
export default observer(InstallationBill);
