import { observer } from 'mobx-react-lite';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import './home.css';
import type { ComponentProps } from '../../schemas/types/components';

export type ChannelListProps = ComponentProps['ChannelList'];

/** TV channels by package: package tabs, then the channels (position, name, genre), HD ones marked. */
function ChannelList({ packages, channels, packageCode, hdFeature = 'feature_hd', emit, enabled }: ChannelListProps & VocabularyProps) {
  const t = useT();
  const list = channels ?? [];
  const hd = list.filter((c) => c.features.includes(hdFeature)).length;
  return (
    <div className="ot-channels">
      <div className="ot-home-tabs__first" role="group" aria-label={t('home.channels.packages')}>
        {(packages ?? []).map((p) => (
          <button key={p.code} type="button" className={cx('ot-home-tab', p.code === packageCode && 'ot-home-tab--active')} aria-pressed={p.code === packageCode}
            disabled={!enabled} onClick={() => void emit('selectPackage', { packageCode: p.code })} data-code={p.code}>
            {p.name} <span className="ot-home-tab__count">({p.channelCount})</span>
          </button>
        ))}
      </div>
      <p className="ot-channels__count" aria-live="polite">{t('home.channels.count', { count: list.length, hd })}</p>
      <ul className="ot-channels__grid">
        {list.map((c) => (
          <li key={c.code} className="ot-channel" data-code={c.code}>
            <span className="ot-channel__pos" aria-hidden="true">{c.position}</span>
            <span className="ot-channel__logo" aria-hidden="true">{c.name.split(' ').map((w) => w[0]).join('').slice(0, 3)}</span>
            <span className="ot-channel__name">{c.name}</span>
            <span className="ot-channel__genre">{t(`home.genre.${c.genre}`)}</span>
            {c.features.includes(hdFeature) && <span className="ot-badge ot-badge--brand ot-channel__hd" title={t('home.channels.hd')}>HD</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An observer: it reads store objects passed whole (nested changes re-render it). */
export default observer(ChannelList);
