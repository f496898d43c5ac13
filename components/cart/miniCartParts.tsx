/** The parts of the header cart's open panel (./MiniCart.tsx): an entry, the entries with the totals, the empty cart. */
import { Link } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import type { CartData } from '../shared/types';
import { hasAmount, type EntryView } from './entryView';

/** An entry as the mini cart lists it: where it sits (under its device, or an add-on of a tariff). */
export type MiniEntry = EntryView & { nested: boolean; underTariff: boolean };

type Emit = VocabularyProps['emit'];

/** One line of the list: thumbnail, name and details (with the eSIM toggle and remove button when allowed), prices. */
function MiniCartEntry({ e, esimToggle, removable, enabled, emit }: { e: MiniEntry; esimToggle: boolean; removable: boolean; enabled: boolean; emit: Emit }) {
  const t = useT();
  return (
    <li className={e.nested ? 'ot-minicart__entry ot-minicart__entry--nested' : 'ot-minicart__entry'}>
      <div className="ot-minicart__thumb">{e.image ? <img src={e.image.url} alt={e.image.altText ?? e.name} width={56} height={56} /> : <span aria-hidden="true" className="ot-minicart__sim">{e.thumbText}</span>}</div>
      <div className="ot-minicart__info">
        {e.brand && <p className="ot-minicart__brand">{e.brand}</p>}
        <p className="ot-minicart__name">
          {e.name}
          {e.esim && <span className="ot-badge ot-badge--brand ot-minicart__esim">{t('product.esim')}</span>}
          {e.gift && <span className="ot-badge ot-badge--gift ot-minicart__esim">{t('cart.entry.gift')}</span>}
        </p>
        {e.underTariff && <p className="ot-minicart__meta">{t('cart.entry.addon')}</p>}
        {e.color && <p className="ot-minicart__meta">{t('cart.color', { color: e.color })}</p>}
        {e.quantity > 1 && <p className="ot-minicart__meta">{t('cart.quantity', { count: e.quantity })}</p>}
        {e.term && <p className="ot-minicart__meta">{t('cart.term', { count: e.term })}</p>}
        {esimToggle && e.offeringType === 'TARIFF' && e.esimOption === 'ESIM_SIM' && (
          <label className="ot-minicart__toggle">
            <input type="checkbox" checked={e.esim} disabled={!enabled} onChange={(ev) => void emit('esim', { entryNumber: e.entryNumber, selected: ev.target.checked })} />
            {t('cart.esim.toggle')}
          </label>
        )}
        {removable && e.removable && (
          <button type="button" className="ot-btn ot-btn--link ot-btn--small" onClick={() => void emit('remove', { entryNumber: e.entryNumber, quantity: e.quantity, name: e.name })}>
            {t('cart.remove')}
          </button>
        )}
      </div>
      <MiniCartEntryPrices e={e} />
    </li>
  );
}

/** An entry's prices: monthly (with the old one struck through), a gift's zero, the one-off price. */
function MiniCartEntryPrices({ e }: { e: MiniEntry }) {
  const t = useT();
  const money = useMoney();
  return (
    <div className="ot-minicart__prices">
      {hasAmount(e.monthly) && (
        <p>
          {hasAmount(e.oldMonthly) && <s className="ot-price-old">{money.format(e.oldMonthly)}</s>} <strong>{money.format(e.monthly)}</strong>
          <span className="ot-price-per">{t('price.perMonth')}</span>
        </p>
      )}
      {e.gift && (
        <p>
          <strong>{money.format(0)}</strong> <span className="ot-price-per">{t('price.oneTime')}</span>
        </p>
      )}
      {hasAmount(e.oneTime) && (
        <p>
          <strong>{money.format(e.oneTime)}</strong> <span className="ot-price-per">{t('price.oneTime')}</span>
        </p>
      )}
    </div>
  );
}

/** The entries, the server's totals (cart.totals, server/cart/view.ts cartTotals: coupons and one-time charges
 *  included) and the continue-to-checkout button. */
export function MiniCartFilled({ entries, cart, esimToggle, removable, enabled, emit }: { entries: MiniEntry[]; cart: CartData | null | undefined; esimToggle: boolean; removable: boolean; enabled: boolean; emit: Emit }) {
  const t = useT();
  const money = useMoney();
  const monthly = cart?.totals?.monthly ?? null;
  const payNow = cart?.totals?.payNow ?? cart?.totalPrice ?? null;
  return (
    <>
      <ul className="ot-minicart__list">
        {entries.map((e) => <MiniCartEntry key={e.key} e={e} esimToggle={esimToggle} removable={removable} enabled={enabled} emit={emit} />)}
      </ul>
      <dl className="ot-minicart__totals">
        {monthly && (
          <div>
            <dt>{t('cart.total.monthly')}</dt>
            <dd>{money.format(monthly)}</dd>
          </div>
        )}
        <div>
          <dt>{t('cart.total.payNow')}</dt>
          <dd>{money.format(payNow)}</dd>
        </div>
      </dl>
      <button type="button" className="ot-btn ot-btn--primary ot-btn--large ot-btn--block" onClick={() => void emit('checkout')}>
        {t('cart.checkout')}
      </button>
    </>
  );
}

/** The empty cart: its message and a link to the device list (which closes the panel). */
export function MiniCartEmpty({ listUrl, emit }: { listUrl: string; emit: Emit }) {
  const t = useT();
  return (
    <div className="ot-minicart__empty">
      <p>{t('cart.empty')}</p>
      <Link className="ot-btn ot-btn--outline ot-btn--medium ot-btn--block" to={listUrl} onClick={() => void emit('close')}>
        {t('cart.empty.link')}
      </Link>
    </div>
  );
}
