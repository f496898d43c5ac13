import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import type { Money, TariffPrice } from '../shared/types';
import { cx } from '../shared/cx';
import { DEVICE_ONLY } from '../../actions/stores/catalog';
import { oneTimeEntries } from '../../actions/pricing';
import type { ComponentProps } from '../../schemas/types/components';

export type TariffPickerProps = ComponentProps['TariffPicker'];

/** Lowest monthly tariff price in a family (for "od … /mes." on a parent). */
function lowestFee(list: TariffPrice[]): Money | null {
  return list.reduce<Money | null>((min, t) => (t.tariffPrice && (!min || t.tariffPrice.value < min.value) ? t.tariffPrice : min), null);
}

type T = ReturnType<typeof useT>;
type Fmt = ReturnType<typeof useMoney>;

/** One radio of a list: the tariff's name, highlights and monthly price; a click selects it. */
function TariffOption({ tariff, selected, enabled, onChoose, t, money }: { tariff: TariffPrice; selected: boolean; enabled: boolean; onChoose(): void; t: T; money: Fmt }) {
  return (
    <li role="none">
      <button type="button" role="radio" aria-checked={selected} disabled={!enabled} className={cx('ot-tariff', selected && 'is-selected')} onClick={onChoose}>
        <span className="ot-tariff__radio" aria-hidden="true" />
        <span className="ot-tariff__main">
          <span className="ot-tariff__name">{tariff.name}</span>
          {tariff.highlights && tariff.highlights.length > 0 && <span className="ot-tariff__hl">{tariff.highlights.join(' · ')}</span>}
        </span>
        {tariff.tariffPrice && (
          <span className="ot-tariff__price">
            <strong>{money.format(tariff.tariffPrice)}</strong>
            <span className="ot-price-per">{t('price.perMonth')}</span>
          </span>
        )}
      </button>
    </li>
  );
}

/** A parent tariff's card: its name, "from" the lowest child fee, and its child tariffs as the choices. */
function TariffFamily({ tariff, childTariffs, selected, enabled, choose, t, money }: {
  tariff: TariffPrice; childTariffs: TariffPrice[]; selected: string | null | undefined; enabled: boolean;
  choose(tariffCode: string, parentTariffCode: string | null): () => void; t: T; money: Fmt;
}) {
  const familySelected = childTariffs.some((c) => c.code === selected);
  const from = lowestFee(childTariffs);
  return (
    <div className={cx('ot-tariffs__family', familySelected && 'is-active')}>
      <div className="ot-tariffs__family-head">
        <h4>{tariff.name}</h4>
        {from && <span className="ot-tariffs__from">{t('pdp.tariff.from', { price: money.format(from) })}</span>}
      </div>
      <ul className="ot-tariffs__list" role="radiogroup" aria-label={tariff.name}>
        {childTariffs.map((child) => (
          <TariffOption key={child.code} tariff={child} selected={child.code === selected} enabled={enabled} onChoose={choose(child.code, tariff.code)} t={t} money={money} />
        ))}
      </ul>
    </div>
  );
}

/** The "device only" group (no tariff), offered when the phone's one-off offer is purchasable. */
function DeviceOnlyGroup({ selected, price, enabled, onChoose, t, money }: { selected: boolean; price: Money | null; enabled: boolean; onChoose(): void; t: T; money: Fmt }) {
  return (
    <section className="ot-tariffs__group ot-tariffs__group--none" aria-label={t('pdp.tariff.none')}>
      <h3 className="ot-tariffs__group-title">{t('pdp.tariff.none')}</h3>
      <ul className="ot-tariffs__list" role="radiogroup" aria-label={t('pdp.tariff.none')}>
        <li role="none">
          <button type="button" role="radio" aria-checked={selected} disabled={!enabled} className={cx('ot-tariff', selected && 'is-selected')} onClick={onChoose}>
            <span className="ot-tariff__radio" aria-hidden="true" />
            <span className="ot-tariff__main">
              <span className="ot-tariff__name">{t('pdp.tariff.deviceOnly')}</span>
              <span className="ot-tariff__hl">{t('pdp.tariff.deviceOnlyText')}</span>
            </span>
            {price && (
              <span className="ot-tariff__price">
                <strong>{money.format(price)}</strong>
              </span>
            )}
          </button>
        </li>
      </ul>
    </section>
  );
}

/**
 * The tariff choice of the device page, grouped into top offer and basic offer. A parent tariff is
 * a card whose child tariffs are the choices; a tariff without children is a choice itself.
 * Emits `select` with { tariffCode, parentTariffCode } (parentTariffCode null for a tariff without parent).
 */
export default function TariffPicker({ prices, selected, oneOff, emit, enabled }: TariffPickerProps & VocabularyProps) {
  const t = useT();
  const money = useMoney();
  const groups: { key: 'topOffer' | 'basicOffer'; label: string; list: TariffPrice[] }[] = [
    { key: 'topOffer', label: t('pdp.tariff.topOffer'), list: prices?.topOffer ?? [] },
    { key: 'basicOffer', label: t('pdp.tariff.basicOffer'), list: prices?.basicOffer ?? [] },
  ];
  const choose = (tariffCode: string, parentTariffCode: string | null) => () => void emit('select', { tariffCode, parentTariffCode });
  const oneOffPrice = oneTimeEntries(oneOff?.chargeEntries)[0]?.price ?? null;

  return (
    <div className="ot-tariffs">
      {groups
        .filter((g) => g.list.length > 0)
        .map((g) => (
          <section key={g.key} className={cx('ot-tariffs__group', `ot-tariffs__group--${g.key}`)} aria-label={g.label}>
            <h3 className="ot-tariffs__group-title">{g.label}</h3>
            {g.list.map((tariff) => {
              const children = tariff.childTariffs ?? [];
              if (children.length === 0) {
                return (
                  <ul key={tariff.code} className="ot-tariffs__list" role="radiogroup" aria-label={tariff.name}>
                    <TariffOption tariff={tariff} selected={tariff.code === selected} enabled={enabled} onChoose={choose(tariff.code, null)} t={t} money={money} />
                  </ul>
                );
              }
              return <TariffFamily key={tariff.code} tariff={tariff} childTariffs={children} selected={selected} enabled={enabled} choose={choose} t={t} money={money} />;
            })}
          </section>
        ))}
      {oneOff?.purchasable && (
        <DeviceOnlyGroup selected={selected === DEVICE_ONLY} price={oneOffPrice} enabled={enabled} onChoose={choose(DEVICE_ONLY, null)} t={t} money={money} />
      )}
    </div>
  );
}
