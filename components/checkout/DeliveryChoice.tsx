import { useId } from 'react';
import { observer } from 'mobx-react-lite';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import type { DeliveryState } from '../../actions/stores/delivery';
import AddressFinder from './AddressFinder';
import EmailCode from './EmailCode';
import './numbers.css';

export type DeliveryChoiceProps = ComponentProps['DeliveryChoice'];

/** The message lookup the step's parts draw with (useT's answer). */
type T = ReturnType<typeof useT>;
/** What every panel of the step gets: the state, the step's id prefix, the lookup, whether it takes input, a choice sender. */
interface PanelProps { state: DeliveryState; ids: string; t: T; enabled: boolean; choose: (payload: Record<string, unknown>) => void }

/** The delivery step's choices (seed 001 §3, §9): the options the server lists for the checkout type, each with its
 *  panel — the installation address of a home package, saved addresses, a new address from the address system (municipality → locality → street → number),
 *  pickup stores, renewal by e-mail with a code — and the delivery time. Every change goes out as an event. */
function DeliveryChoice({ state, emit, enabled }: DeliveryChoiceProps & VocabularyProps) {
  const t = useT();
  const ids = useId();
  if (!state?.loaded) return <p className="ot-muted">{t('delivery.loading')}</p>;
  const choose = (payload: Record<string, unknown>) => void emit('choose', payload);
  const panel: PanelProps = { state, ids, t, enabled, choose };
  return (
    <div className="ot-numbers">
      <DeliveryOptions {...panel} emit={emit} />
      {state.selected === 'DELIVERY_ADDRESS_INSTALLATION' && <InstallationPanel {...panel} />}
      {state.selected === 'DELIVERY_ADDRESS_EXISTING' && <SavedAddresses {...panel} />}
      {state.selected === 'DELIVERY_ADDRESS_NEW' && <NewAddressPanel {...panel} emit={emit} />}
      {state.selected === 'PICKUP_ADDRESS' && <PickupStores {...panel} />}
      {state.selected === 'DELIVERY_EMAIL_ADDRESS' && <RenewalPanel {...panel} emit={emit} />}
      {state.selected !== 'DELIVERY_EMAIL_ADDRESS' && state.selected !== 'PICKUP_ADDRESS' && state.slots.length > 0 && <SlotSelect {...panel} />}
      {state.error && <p className="ot-field-error" role="alert">{state.error}</p>}
    </div>
  );
}

/** The delivery options as radio buttons (each choice goes out as `option`). */
const DeliveryOptions = observer(function DeliveryOptions({ state, ids, t, enabled, emit }: PanelProps & Pick<VocabularyProps, 'emit'>) {
  return (
    <fieldset className="ot-options">
      <legend>{t('delivery.choice.title')}</legend>
      {state.options.map((o) => (
        <label key={o.code} className={cx('ot-option', state.selected === o.code && 'is-selected')}>
          <input type="radio" name={`${ids}-option`} value={o.code} checked={state.selected === o.code} disabled={!enabled} onChange={() => void emit('option', { option: o.code })} />
          <span className="ot-option__body"><span className="ot-option__title">{o.name}</span></span>
        </label>
      ))}
    </fieldset>
  );
});

/** DELIVERY_ADDRESS_INSTALLATION: the home package's installation address, or that none is complete yet. */
const InstallationPanel = observer(function InstallationPanel({ state, ids, t }: PanelProps) {
  return (
    <section className="ot-numbers__panel" aria-labelledby={`${ids}-installation`}>
      <h2 id={`${ids}-installation`} className="ot-numbers__heading">{t('checkout.delivery.option.DELIVERY_ADDRESS_INSTALLATION')}</h2>
      {state.installation
        ? <><p className="ot-muted">{t('delivery.installation.text')}</p><p className="ot-option__title">{state.installation.formattedAddress}</p></>
        : <p className="ot-muted">{t('delivery.installation.none')}</p>}
    </section>
  );
});

/** DELIVERY_ADDRESS_EXISTING: the contract's saved addresses to pick from. */
const SavedAddresses = observer(function SavedAddresses({ state, ids, t, enabled, choose }: PanelProps) {
  return (
    <fieldset className="ot-options">
      <legend>{t('checkout.delivery.option.DELIVERY_ADDRESS_EXISTING')}</legend>
      {state.addresses.length === 0 && <p className="ot-muted">{t('delivery.existing.none')}</p>}
      {state.addresses.map((a) => (
        <label key={a.id} className={cx('ot-option', state.addressId === a.id && 'is-selected')}>
          <input type="radio" name={`${ids}-address`} checked={state.addressId === a.id} disabled={!enabled} onChange={() => choose({ addressId: a.id })} />
          <span className="ot-option__body"><span className="ot-option__title">{a.formattedAddress}</span></span>
        </label>
      ))}
    </fieldset>
  );
});

/** DELIVERY_ADDRESS_NEW: an address from the address system and whether to save it. */
const NewAddressPanel = observer(function NewAddressPanel({ state, ids, t, enabled, choose, emit }: PanelProps & Pick<VocabularyProps, 'emit'>) {
  return (
    <section className="ot-numbers__panel" aria-labelledby={`${ids}-new`}>
      <h2 id={`${ids}-new`} className="ot-numbers__heading">{t('checkout.delivery.option.DELIVERY_ADDRESS_NEW')}</h2>
      <AddressFinder state={state} emit={emit} enabled={enabled} />
      <label className="ot-delivery__check">
        <input type="checkbox" checked={state.saveAddress} disabled={!enabled} onChange={(e) => choose({ saveAddress: e.target.checked })} />
        <span>{t('delivery.new.save')}</span>
      </label>
    </section>
  );
});

/** PICKUP_ADDRESS: the pickup stores with their addresses and opening hours. */
const PickupStores = observer(function PickupStores({ state, ids, t, enabled, choose }: PanelProps) {
  return (
    <fieldset className="ot-options">
      <legend>{t('checkout.delivery.option.PICKUP_ADDRESS')}</legend>
      {state.stores.map((s) => (
        <label key={s.pickupStoreId} className={cx('ot-option', state.pickupStoreId === s.pickupStoreId && 'is-selected')}>
          <input type="radio" name={`${ids}-store`} checked={state.pickupStoreId === s.pickupStoreId} disabled={!enabled} onChange={() => choose({ pickupStoreId: s.pickupStoreId })} />
          <span className="ot-option__body">
            <span className="ot-option__title">{s.name}</span>
            <span className="ot-option__text">{s.formattedAddress}</span>
            <span className="ot-option__text">{t('delivery.pickup.hours', { hours: s.openingHours })}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
});

/** DELIVERY_EMAIL_ADDRESS: the renewal e-mail and its one-time code (the code's events go out as `sendCode` / `code`). */
const RenewalPanel = observer(function RenewalPanel({ state, ids, t, enabled, choose, emit }: PanelProps & Pick<VocabularyProps, 'emit'>) {
  return (
    <section className="ot-numbers__panel" aria-labelledby={`${ids}-renewal`}>
      <h2 id={`${ids}-renewal`} className="ot-numbers__heading">{t('checkout.delivery.option.DELIVERY_EMAIL_ADDRESS')}</h2>
      <p className="ot-muted">{t('delivery.renewal.text')}</p>
      <div className="ot-numbers__field">
        <label htmlFor={`${ids}-remail`}>{t('delivery.renewal.email')}</label>
        <input id={`${ids}-remail`} className="ot-numbers__input" type="email" autoComplete="email" maxLength={80} value={state.renewal.email} disabled={!enabled}
          onChange={(e) => choose({ email: e.target.value })} />
      </div>
      <EmailCode state={state.renewal} emit={(event, payload) => emit(event === 'send' ? 'sendCode' : 'code', payload)} enabled={enabled} />
    </section>
  );
});

/** The delivery time: a slot of the ones the server lists, or any. */
const SlotSelect = observer(function SlotSelect({ state, ids, t, enabled, choose }: PanelProps) {
  return (
    <div className="ot-numbers__field">
      <label htmlFor={`${ids}-slot`}>{t('delivery.slot.title')}</label>
      <select id={`${ids}-slot`} className="ot-numbers__input" value={state.slot} disabled={!enabled} onChange={(e) => choose({ slot: e.target.value })}>
        <option value="">{t('delivery.slot.any')}</option>
        {state.slots.map((s) => <option key={s.code} value={s.code}>{s.name}</option>)}
      </select>
    </div>
  );
});

export default observer(DeliveryChoice);
