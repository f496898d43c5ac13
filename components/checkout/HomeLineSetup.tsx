import { useId, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import type { HomeLineState, HomeSetup } from '../../actions/stores/home';
import { HomeAddressCascade } from '../shared/addressCascade';
import './numbers.css';
import '../home/home.css';

export type HomeLineSetupProps = ComponentProps['HomeLineSetup'];

/** What every part of the step gets: the state, the step's id prefix, the message lookup, whether it takes input, the shown setup and the event sender. */
interface PartProps { state: HomeLineState; ids: string; t: ReturnType<typeof useT>; on: boolean; shown: HomeSetup | null; emit: VocabularyProps['emit'] }
/** The transfer form's fields (kept by HomeLineSetup, so they survive the form being hidden). */
interface Port { homeLineNumber: string; operator: string }

/** The home-line step's choices (CONNECT_HOME_DATA); every change goes out as an event (the actions call the server). */
function HomeLineSetup({ state, address, emit, enabled }: HomeLineSetupProps & VocabularyProps) {
  const t = useT();
  const ids = useId();
  const [port, setPort] = useState<Port>({ homeLineNumber: '', operator: '' });
  if (!state?.loaded || !address) return <p className="ot-muted">{t('homeLine.loading')}</p>;
  const setup = state.setup;
  const on = enabled && !state.busy;
  const shown = setup && setup.option === state.option ? setup : null;
  const part: PartProps = { state, ids, t, on, shown, emit };

  return (
    <div className="ot-numbers">
      <HomeOptions {...part} />
      {state.option === 'HOME_LANDLINE' && <LandlineChoice {...part} />}
      {state.option === 'HOME_ADDRESS' && <HomeAddressChoice {...part} address={address} />}
      {state.option === 'HOME_PORT_IN' && <AddressCheck {...part} address={address} />}
      {state.notice && (
        <p className={cx('ot-homeline__notice', state.notice.ok ? 'is-ok' : 'is-no')} role="status" data-ok={state.notice.ok}>{state.notice.message}</p>
      )}
      {shown && state.option === 'HOME_ADDRESS' && <NewNumberChoice {...part} shown={shown} />}
      {shown && state.option === 'HOME_PORT_IN' && <TransferForm {...part} port={port} setPort={setPort} />}
      {shown && shown.checkStatus.status === 'VALID' && (
        <p className="ot-numbers__held" role="status">
          {t(`homeLine.done.${shown.numberOption ?? 'NEW_NUMBER'}`, { address: shown.formattedAddress, number: shown.homeLineFormatted ?? '', operator: shown.operator ?? '' })}
        </p>
      )}
      {state.error && <p className="ot-field-error" role="alert">{state.error}</p>}
    </div>
  );
}

/** The options the customer has (an own line, an address, a transfer) as radio buttons (each goes out as `option`). */
const HomeOptions = observer(function HomeOptions({ state, ids, t, on, emit }: PartProps) {
  return (
    <fieldset className="ot-options">
      <legend>{t('homeLine.title')}</legend>
      {(['HOME_LANDLINE', 'HOME_ADDRESS', 'HOME_PORT_IN'] as const).filter((o) => state.available.includes(o)).map((o) => (
        <label key={o} className={cx('ot-option', state.option === o && 'is-selected')}>
          <input type="radio" name={`${ids}-option`} value={o} checked={state.option === o} disabled={!on} onChange={() => void emit('option', { option: o })} />
          <span className="ot-option__body">
            <span className="ot-option__title">{t(`homeLine.option.${o}`)}</span>
            <span className="ot-option__text">{t(`homeLine.option.${o}.hint`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
});

/** HOME_LANDLINE: the customer's registered lines (each goes out as `line`). */
const LandlineChoice = observer(function LandlineChoice({ state, ids, t, on, shown, emit }: PartProps) {
  return (
    <fieldset className="ot-options">
      <legend>{t('homeLine.lines.title')}</legend>
      {state.lines.map((l) => {
        const isSel = shown?.lineId === l.lineId;
        return (
          <label key={l.lineId} className={cx('ot-option', isSel && 'is-selected')}>
            <input type="radio" name={`${ids}-line`} checked={isSel} disabled={!on} onChange={() => void emit('line', { lineId: l.lineId })} />
            <span className="ot-option__body">
              <span className="ot-option__title">{l.homeLineFormatted}</span>
              <span className="ot-option__text">{l.formattedAddress}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
});

/** HOME_ADDRESS: my address or another one (when the customer has addresses), then the own addresses or the address check. */
const HomeAddressChoice = observer(function HomeAddressChoice(props: PartProps & { address: NonNullable<HomeLineSetupProps['address']> }) {
  const { state, ids, t, on, emit } = props;
  return (
    <>
      {state.addresses.length > 0 && (
        <fieldset className="ot-options">
          <legend>{t('homeLine.address.title')}</legend>
          {(['MY_ADDRESS', 'OTHER_ADDRESS'] as const).map((a) => (
            <label key={a} className={cx('ot-option', state.addressType === a && 'is-selected')}>
              <input type="radio" name={`${ids}-atype`} checked={state.addressType === a} disabled={!on} onChange={() => void emit('addressType', { addressType: a })} />
              <span className="ot-option__body"><span className="ot-option__title">{t(`homeLine.address.${a}`)}</span></span>
            </label>
          ))}
        </fieldset>
      )}
      {state.addressType === 'MY_ADDRESS' && state.addresses.length > 0 ? <OwnAddresses {...props} /> : <AddressCheck {...props} />}
    </>
  );
});

/** The customer's own addresses (each goes out as `myAddress`). */
const OwnAddresses = observer(function OwnAddresses({ state, ids, t, on, shown, emit }: PartProps) {
  return (
    <fieldset className="ot-options">
      <legend>{t('homeLine.address.mine')}</legend>
      {state.addresses.map((a) => {
        const isSel = shown?.addressType === 'MY_ADDRESS' && shown.addressCode === a.code && (shown.entrance ?? null) === a.entrance && (shown.flatNum ?? null) === a.flatNum;
        return (
          <label key={`${a.code}|${a.entrance}|${a.flatNum}`} className={cx('ot-option', isSel && 'is-selected')}>
            <input type="radio" name={`${ids}-mine`} checked={isSel} disabled={!on} onChange={() => void emit('myAddress', { code: a.code, entrance: a.entrance, flatNum: a.flatNum })} />
            <span className="ot-option__body"><span className="ot-option__title">{a.address}</span></span>
          </label>
        );
      })}
    </fieldset>
  );
});

/** Another address from the address system and its check (sent as `checkAddress`). */
const AddressCheck = observer(function AddressCheck({ state, address, ids, t, on, emit }: PartProps & { address: NonNullable<HomeLineSetupProps['address']> }) {
  return (
    <form className="ot-numbers__panel" onSubmit={(e) => { e.preventDefault(); void emit('checkAddress'); }} noValidate aria-labelledby={`${ids}-addr`}>
      <h2 id={`${ids}-addr`} className="ot-numbers__heading">{t(state.option === 'HOME_PORT_IN' ? 'homeLine.portIn.address' : 'homeLine.address.other')}</h2>
      <HomeAddressCascade address={address} ids={ids} on={on} onChange={(field, value) => void emit('addressField', { field, value })} />
      <div className="ot-numbers__row">
        <button type="submit" className="ot-btn ot-btn--outline ot-btn--medium" disabled={!on}>{t('homeLine.address.check')}</button>
      </div>
    </form>
  );
});

/** A new number for an address line (sent as `newNumber`). */
const NewNumberChoice = observer(function NewNumberChoice({ ids, t, on, shown, emit }: PartProps & { shown: HomeSetup }) {
  return (
    <fieldset className="ot-options">
      <legend>{t('homeLine.number.title')}</legend>
      <label className={cx('ot-option', shown.numberOption === 'NEW_NUMBER' && 'is-selected')}>
        <input type="radio" name={`${ids}-number`} checked={shown.numberOption === 'NEW_NUMBER'} disabled={!on} onChange={() => void emit('newNumber')} />
        <span className="ot-option__body">
          <span className="ot-option__title">{t('homeLine.number.new')}</span>
          <span className="ot-option__text">{t('homeLine.number.new.hint')}</span>
        </span>
      </label>
    </fieldset>
  );
});

/** HOME_PORT_IN: the line to transfer and its operator (sent as `transfer`). */
const TransferForm = observer(function TransferForm({ state, ids, t, on, emit, port, setPort }: PartProps & { port: Port; setPort: (p: Port) => void }) {
  const sendTransfer = (e: FormEvent) => { e.preventDefault(); void emit('transfer', port); };
  return (
    <form className="ot-numbers__panel ot-numbers__portin" onSubmit={sendTransfer} noValidate aria-labelledby={`${ids}-port`}>
      <h2 id={`${ids}-port`} className="ot-numbers__heading">{t('homeLine.portIn.title')}</h2>
      <p className="ot-muted">{t('homeLine.portIn.note')}</p>
      <div className="ot-numbers__field">
        <label htmlFor={`${ids}-hl`}>{t('homeLine.portIn.number')}</label>
        <input id={`${ids}-hl`} className="ot-numbers__input" inputMode="tel" autoComplete="tel-national" maxLength={20} value={port.homeLineNumber} disabled={!on}
          onChange={(e) => setPort({ ...port, homeLineNumber: e.target.value })} />
      </div>
      <div className="ot-numbers__field">
        <label htmlFor={`${ids}-op`}>{t('homeLine.portIn.operator')}</label>
        <select id={`${ids}-op`} className="ot-numbers__input" value={port.operator} disabled={!on} onChange={(e) => setPort({ ...port, operator: e.target.value })}>
          <option value="">{t('homeLine.portIn.operator.choose')}</option>
          {state.operators.map((o) => <option key={o} value={o}>{o}</option>)}
        </select>
      </div>
      <button type="submit" className="ot-btn ot-btn--primary ot-btn--medium" disabled={!on || port.homeLineNumber.trim() === '' || port.operator === ''}>{t('homeLine.portIn.check')}</button>
    </form>
  );
});

/** An observer: it reads store objects passed whole (nested changes re-render it). */
export default observer(HomeLineSetup);
