import { useEffect, useId, useState, type FormEvent } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import type { NumberState, OfferedNumber } from '../../actions/stores/numbers';
import './numbers.css';

export type NumberChoiceProps = ComponentProps['NumberChoice'];

const OPTIONS = ['MOBILE_EXISTING', 'MOBILE_NEW_SELECTION', 'MOBILE_NEW', 'MOBILE_PORT_IN'] as const;
const TABS = ['FREE', 'NICE', 'SEARCH'] as const;
const OPERATORS = ['A1', 'Yettel', 'Globatel', 'Mundio'];
const OTP_SECONDS = 60;

/** Seconds left of the port-in code (counts down while the step is open). */
function useSecondsLeft(sentAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (sentAt === null) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [sentAt]);
  return sentAt === null ? 0 : Math.max(0, OTP_SECONDS - Math.floor((now - sentAt) / 1000));
}

/** The transfer form's fields (kept by NumberChoice, so they survive switching options). */
type Port = { msisdn: string; operator: string; simSerialNumber: string; puk: string; otpCode: string };
/** What every part of the step gets: the state, the step's id prefix, the message lookup, whether it takes input and the event sender. */
interface PartProps { state: NumberState; ids: string; t: ReturnType<typeof useT>; enabled: boolean; emit: VocabularyProps['emit'] }

/** The number step's choices; every change goes out as an event (the actions call the server). */
export default function NumberChoice({ state, signedIn, emit, enabled }: NumberChoiceProps & VocabularyProps) {
  const t = useT();
  const ids = useId();
  const [query, setQuery] = useState('');
  const [port, setPort] = useState<Port>({ msisdn: '', operator: '', simSerialNumber: '', puk: '', otpCode: '' });
  const left = useSecondsLeft(state?.otpSentAt ?? null);
  if (!state?.loaded) return <p className="ot-muted">{t('numbers.loading')}</p>;
  const options = OPTIONS.filter((o) => o !== 'MOBILE_EXISTING' || (signedIn && state.own.length > 0));
  const part: PartProps = { state, ids, t, enabled, emit };

  return (
    <div className="ot-numbers">
      <NumberOptions {...part} options={options} />
      {state.option === 'MOBILE_EXISTING' && <OwnNumbers {...part} />}
      {state.option === 'MOBILE_NEW_SELECTION' && <NumberSelection {...part} query={query} setQuery={setQuery} />}
      {state.option === 'MOBILE_NEW' && <p className="ot-numbers__note" role="status">{t('numbers.new.note')}</p>}
      {state.option === 'MOBILE_PORT_IN' && <PortInForm {...part} port={port} setPort={setPort} left={left} />}
      {state.error && <p className="ot-field-error" role="alert">{state.error}</p>}
    </div>
  );
}

/** The options of the step as radio buttons (each goes out as `option`). */
function NumberOptions({ state, ids, t, enabled, emit, options }: PartProps & { options: ReadonlyArray<(typeof OPTIONS)[number]> }) {
  return (
    <fieldset className="ot-options">
      <legend>{t('numbers.title')}</legend>
      {options.map((o) => (
        <label key={o} className={cx('ot-option', state.option === o && 'is-selected')}>
          <input type="radio" name={`${ids}-option`} value={o} checked={state.option === o} disabled={!enabled} onChange={() => void emit('option', { option: o })} />
          <span className="ot-option__body">
            <span className="ot-option__title">{t(`numbers.option.${o}`)}</span>
            <span className="ot-option__text">{t(`numbers.option.${o}.hint`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** MOBILE_EXISTING: the customer's own numbers (each goes out as `existing`). */
function OwnNumbers({ state, ids, t, enabled, emit }: PartProps) {
  const chosen = state.choice;
  return (
    <fieldset className="ot-options">
      <legend>{t('numbers.own.title')}</legend>
      {state.own.map((n) => {
        const isSel = chosen?.option === 'MOBILE_EXISTING' && chosen.msisdn === n.msisdn;
        return (
          <label key={n.msisdn} className={cx('ot-option', isSel && 'is-selected')}>
            <input type="radio" name={`${ids}-own`} checked={isSel} disabled={!enabled} onChange={() => void emit('existing', { msisdn: n.msisdn })} />
            <span className="ot-option__body">
              <span className="ot-option__title">{n.msisdnFormatted}</span>
              <span className="ot-option__text">{n.tariffName}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** MOBILE_NEW_SELECTION: the tabs (free, nice, search), the tab's numbers and the number held. */
function NumberSelection({ query, setQuery, ...part }: PartProps & { query: string; setQuery: (q: string) => void }) {
  const { state, ids, t, enabled, emit } = part;
  const chosen = state.choice;
  const list: OfferedNumber[] | null = state.tab === 'FREE' ? state.free : state.tab === 'NICE' ? state.nice : state.found;
  const sendSearch = (e: FormEvent) => { e.preventDefault(); void emit('search', { query }); };
  return (
    <section className="ot-numbers__panel" aria-labelledby={`${ids}-sel`}>
      <h2 id={`${ids}-sel`} className="ot-numbers__heading">{t('numbers.selection.title')}</h2>
      <div role="tablist" className="ot-numbers__tabs" aria-label={t('numbers.selection.title')}>
        {TABS.map((tab) => (
          <button key={tab} type="button" role="tab" id={`${ids}-tab-${tab}`} aria-selected={state.tab === tab} aria-controls={`${ids}-panel`}
            className={cx('ot-numbers__tab', state.tab === tab && 'is-active')} onClick={() => void emit('tab', { tab })}>
            {t(`numbers.tab.${tab}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${state.tab}`} className="ot-numbers__tabpanel">
        {state.tab === 'SEARCH' && (
          <form className="ot-numbers__search" onSubmit={sendSearch} noValidate>
            <label htmlFor={`${ids}-q`}>{t('numbers.search.label')}</label>
            <div className="ot-numbers__row">
              <input id={`${ids}-q`} className="ot-numbers__input" inputMode="numeric" value={query} maxLength={10} disabled={!enabled}
                onChange={(e) => setQuery(e.target.value)} placeholder={t('numbers.search.placeholder')} />
              <button type="submit" className="ot-btn ot-btn--outline ot-btn--medium" disabled={!enabled || query.replace(/\D/g, '') === ''}>{t('numbers.search.submit')}</button>
            </div>
          </form>
        )}
        {list && list.length > 0 && <NumberList {...part} items={list} />}
        {list && list.length === 0 && <p className="ot-muted">{t('numbers.search.none')}</p>}
      </div>
      {chosen?.option === 'MOBILE_NEW_SELECTION' && chosen.msisdnFormatted && (
        <p className="ot-numbers__held" role="status">
          {t('numbers.held', { msisdn: chosen.msisdnFormatted, time: chosen.expiresAt ? new Date(chosen.expiresAt).toLocaleTimeString('sr-RS', { hour: '2-digit', minute: '2-digit' }) : '' })}
        </p>
      )}
    </section>
  );
}

/** The numbers of a tab as buttons (the chosen one pressed; each goes out as `reserve`). */
function NumberList({ state, t, enabled, emit, items }: PartProps & { items: OfferedNumber[] }) {
  const chosen = state.choice;
  return (
    <ul className="ot-numbers__list" aria-label={t(`numbers.tab.${state.tab}`)}>
      {items.map((n) => {
        const isSel = chosen?.option === 'MOBILE_NEW_SELECTION' && chosen.msisdn === n.msisdn;
        return (
          <li key={n.msisdn}>
            <button type="button" className={cx('ot-numbers__item', isSel && 'is-selected')} aria-pressed={isSel} disabled={!enabled}
              onClick={() => void emit('reserve', { msisdn: n.msisdn })}>
              <span className="ot-numbers__msisdn">{n.msisdnFormatted}</span>
              <span className="ot-numbers__price">{n.type === 'NICE' ? n.price.formattedValue : t('numbers.free')}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** MOBILE_PORT_IN: the number to transfer, its operator, SIM serial number and PUK, the code with its timer (`requestOtp`, `portIn`). */
function PortInForm({ port, setPort, left, ...part }: PartProps & { port: Port; setPort: (p: Port) => void; left: number }) {
  const { state, ids, t, enabled, emit } = part;
  const chosen = state.choice;
  const sendPortIn = (e: FormEvent) => { e.preventDefault(); void emit('portIn', port); };
  const field = { ids, enabled, port, setPort };
  return (
    <form className="ot-numbers__panel ot-numbers__portin" onSubmit={sendPortIn} noValidate aria-labelledby={`${ids}-port`}>
      <h2 id={`${ids}-port`} className="ot-numbers__heading">{t('numbers.portIn.title')}</h2>
      <p className="ot-muted">{t('numbers.portIn.note')}</p>
      <PortField {...field} name="msisdn" label={t('numbers.portIn.msisdn')} extra={{ inputMode: 'tel', autoComplete: 'tel-national' }} />
      <div className="ot-numbers__field">
        <label htmlFor={`${ids}-operator`}>{t('numbers.portIn.operator')}</label>
        <select id={`${ids}-operator`} className="ot-numbers__input" value={port.operator} disabled={!enabled} onChange={(e) => setPort({ ...port, operator: e.target.value })}>
          <option value="">{t('numbers.portIn.operator.choose')}</option>
          {OPERATORS.map((o) => <option key={o} value={o}>{o}</option>)}
        </select>
      </div>
      <PortField {...field} name="simSerialNumber" label={t('numbers.portIn.sim')} extra={{ inputMode: 'numeric' }} />
      <PortField {...field} name="puk" label={t('numbers.portIn.puk')} extra={{ inputMode: 'numeric', maxLength: 8 }} />
      <div className="ot-numbers__row">
        <button type="button" className="ot-btn ot-btn--outline ot-btn--medium" disabled={!enabled || port.msisdn.trim() === '' || left > 0}
          onClick={() => void emit('requestOtp', { msisdn: port.msisdn })}>
          {state.otpSentAt ? t('numbers.portIn.resend') : t('numbers.portIn.send')}
        </button>
        {left > 0 && <span className="ot-numbers__timer" aria-live="polite">{t('numbers.portIn.timer', { seconds: left })}</span>}
      </div>
      <PortField {...field} name="otpCode" label={t('numbers.portIn.code')} extra={{ inputMode: 'numeric', maxLength: 6, autoComplete: 'one-time-code' }} />
      <button type="submit" className="ot-btn ot-btn--primary ot-btn--medium" disabled={!enabled}>{t('numbers.portIn.confirm')}</button>
      {chosen?.option === 'MOBILE_PORT_IN' && <p className="ot-numbers__held" role="status">{t('numbers.portIn.done', { msisdn: chosen.msisdnFormatted ?? '', operator: chosen.operator ?? '' })}</p>}
    </form>
  );
}

/** One labelled text field of the transfer form (id `<ids>-<name>`). */
function PortField({ ids, enabled, port, setPort, name, label, extra }: {
  ids: string; enabled: boolean; port: Port; setPort: (p: Port) => void; name: keyof Port; label: string; extra: Record<string, unknown>;
}) {
  return (
    <div className="ot-numbers__field">
      <label htmlFor={`${ids}-${name}`}>{label}</label>
      <input id={`${ids}-${name}`} className="ot-numbers__input" value={port[name]} disabled={!enabled}
        onChange={(e) => setPort({ ...port, [name]: e.target.value })} {...extra} />
    </div>
  );
}
