import { observer } from 'mobx-react-lite';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import type { PickupStore } from '../../actions/stores/delivery';
import './numbers.css';

export interface StoreListProps { stores?: PickupStore[] | null }

/** The shops (the pickup stores of the delivery step): name, address and opening hours — "Kako do nas". */
function StoreList({ stores }: StoreListProps & VocabularyProps) {
  const t = useT();
  if (!stores || stores.length === 0) return <p className="ot-muted" role="status">{t('delivery.stores.loading')}</p>;
  return (
    <ul className="ot-stores">
      {stores.map((s) => (
        <li key={s.pickupStoreId} className="ot-stores__item">
          <h2 className="ot-numbers__heading">{s.name}</h2>
          <p>{s.formattedAddress}</p>
          <p className="ot-muted">{s.openingHours}</p>
        </li>
      ))}
    </ul>
  );
}

export default observer(StoreList);
