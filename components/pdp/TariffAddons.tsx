import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import type { Accessory } from '../shared/types';
import { cx } from '../shared/cx';
import { toAccessory } from './AccessoryList';
import type { ComponentProps } from '../../schemas/types/components';

export type TariffAddonsProps = ComponentProps['TariffAddons'];

/**
 * The add-ons of the tariff in the bundle (TARIFF_ADDON_RELATION references): name, description, monthly price and
 * "Add" (emits `add` { code, entryNumber }); an add-on already on the tariff entry (a cart entry with that
 * parentEntryNumber) shows as added, with "Remove" (emits `remove` { entryNumber, quantity, name } of the add-on entry).
 */
export default function TariffAddons({ addons, cart, entryNumber, emit, enabled }: TariffAddonsProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  const entries = cart?.entries ?? [];
  const tariff = entries.find((e) => e.entryNumber === entryNumber && e.product.productOfferingType === 'TARIFF');
  const list = (addons ?? []).map(toAccessory).filter((a): a is Accessory => a !== null);
  if (!tariff || list.length === 0) return null;
  const onTariff = (code: string) => entries.find((e) => e.parentEntryNumber === tariff.entryNumber && e.product.code === code);
  return (
    <section className="ot-addons" aria-labelledby="ot-addons-title">
      <h3 className="ot-accessories__title" id="ot-addons-title">{t('pdp.addons.title')}</h3>
      <p className="ot-addons__text">{t('pdp.addons.text', { tariff: tariff.product.name })}</p>
      <ul className="ot-accessories__list">
        {list.map((a) => {
          const added = onTariff(a.code);
          const monthly = a.monthlyPrice ?? null;
          const price = monthly ?? a.price ?? null;
          const description = (a as { description?: string }).description;
          return (
            <li key={a.code} className={cx('ot-acc ot-addon', added && 'is-selected')} data-code={a.code}>
              <span className="ot-addon__icon" aria-hidden="true">+</span>
              <div className="ot-acc__body">
                <p className="ot-acc__name">{a.name}</p>
                {description && <p className="ot-addon__text">{description}</p>}
                {price && (
                  <p className="ot-acc__price">
                    {money.format(price)} <span className="ot-price-per">{monthly ? t('price.perMonth') : t('price.oneTime')}</span>
                  </p>
                )}
              </div>
              {added ? (
                <div className="ot-addon__actions">
                  <span className="ot-addon__added">{t('pdp.addons.added')}</span>
                  <button type="button" className="ot-btn ot-btn--link ot-btn--small" disabled={!enabled} onClick={() => void emit('remove', { entryNumber: added.entryNumber, quantity: added.quantity, name: a.name })}>
                    {t('cart.remove')}
                    <span className="ot-sr-only">: {a.name}</span>
                  </button>
                </div>
              ) : (
                <button type="button" className="ot-btn ot-btn--small ot-btn--outline" disabled={!enabled} onClick={() => void emit('add', { code: a.code, entryNumber: tariff.entryNumber })}>
                  {t('pdp.addons.add')}
                  <span className="ot-sr-only">: {a.name}</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
