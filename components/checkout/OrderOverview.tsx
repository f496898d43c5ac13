import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import type { DeliveryAddress } from '../shared/types';
import CartEntryView from '../cart/CartEntry';
import { orderedEntries } from '../cart/entryView';
import { orderFieldText } from './orderFields';
import type { ComponentProps } from '../../schemas/types/components';

export type OrderOverviewProps = ComponentProps['OrderOverview'];

/** One line of an address: the server's formattedAddress, else composed from its parts. */
export function formatAddress(a: DeliveryAddress | null | undefined, t: (k: string, p?: Record<string, unknown>) => string): string {
  if (!a) return '';
  if (a.formattedAddress) return a.formattedAddress;
  const street = [a.line1, a.line2].filter(Boolean).join(' ');
  const flat = [a.entrance && t('address.entrance', { v: a.entrance }), a.floor && t('address.floor', { v: a.floor }), a.apartment && t('address.apartment', { v: a.apartment })].filter(Boolean).join(', ');
  const town = [a.postalCode, a.town].filter(Boolean).join(' ');
  return [street, flat, town].filter(Boolean).join(', ');
}

/** The order overview of the last checkout step: items, delivery address and the customer data lines the document declares (`customerFields`), each with an edit link (emits `edit`). */
export default function OrderOverview({ cart, customer, deliveryAddress, editable = true, removable = false, customerFields = [], emit, enabled }: OrderOverviewProps & VocabularyProps) {
  const t = useT();
  const c = customer ?? cart?.orderCustomerInfo ?? null;
  const addr = deliveryAddress ?? cart?.deliveryAddress ?? null;
  const edit = (section: 'customer' | 'delivery') =>
    editable ? (
      <button type="button" className="ot-btn ot-btn--link ot-btn--small" onClick={() => void emit('edit', { section })}>
        {t('checkout.overview.edit')}
      </button>
    ) : null;
  return (
    <div className="ot-overview">
      <section className="ot-card ot-overview__block">
        <h2 className="ot-overview__title">{t('checkout.overview.items')}</h2>
        <ul className="ot-overview__entries">
          {orderedEntries(cart?.entries ?? []).map(({ entry, nested, underTariff }) => (
            <li key={`${entry.entryNumber}-${entry.product.code}`}>
              <CartEntryView entry={entry} removable={removable} nested={nested} underTariff={underTariff} emit={emit} enabled={enabled} />
            </li>
          ))}
        </ul>
      </section>
      <div className="ot-overview__pair">
        <section className="ot-card ot-overview__block">
          <div className="ot-overview__head">
            <h2 className="ot-overview__title">{t('checkout.overview.customer')}</h2>
            {edit('customer')}
          </div>
          {c ? (
            <dl className="ot-overview__dl">
              {customerFields.map((f, i) => {
                const text = orderFieldText(c, f);
                return text ? (
                  <div key={`${i}-${f.values.join()}`}>
                    <dt>{f.label}</dt>
                    <dd>{text}</dd>
                  </div>
                ) : null;
              })}
            </dl>
          ) : (
            <p className="ot-text ot-text--muted">{t('checkout.overview.missing')}</p>
          )}
        </section>
        <section className="ot-card ot-overview__block">
          <div className="ot-overview__head">
            <h2 className="ot-overview__title">{t('checkout.overview.delivery')}</h2>
            {edit('delivery')}
          </div>
          {addr ? <p className="ot-overview__addr">{formatAddress(addr, t)}</p> : <p className="ot-text ot-text--muted">{t('checkout.overview.missing')}</p>}
          {cart?.deliveryTimeSlot && <p className="ot-overview__slot">{t('checkout.overview.slot', { slot: t(`checkout.guest.slot.${cart.deliveryTimeSlot}`) })}</p>}
          <p className="ot-text ot-text--small">{t('checkout.overview.deliveryNote')}</p>
        </section>
      </div>
    </div>
  );
}
