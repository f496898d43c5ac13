import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useT, useStores } from '../../renderer/hooks';
import type { EpgData, EpgProgramme } from '../../actions/stores/home';
import { cx } from '../shared/cx';
import './home.css';

export interface EpgGridProps {
  guide?: EpgData | null;
  hour?: number | null;
  /** the guide's own path; a day is shown at path?datum=yyyy-mm-dd */
  path?: string;
}

/** width of the channel column: narrower on phones */
const channelCol = (width: number) => (width < 600 ? 96 : 160);

/**
 * The TV guide: channels down, time across; a half hour is `halfHourLength` px (240) wide, the day runs from
 * startHour to endHour, "earlier" / "later" slide one hour (slideStep). A programme opens its details.
 */
function EpgGrid({ guide, hour, path = '/Tv-kanali/tv-vodic', emit, enabled }: EpgGridProps & VocabularyProps) {
  const t = useT();
  const { session } = useStores();
  const wrap = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(1000);
  useEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth || 1000);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  if (!guide) return null;
  const CHANNEL_COL = channelCol(width);
  const half = guide.halfHourLength;
  const pxPerMinute = half / 30;
  const hourPx = half * 2;
  const visibleHours = Math.max(1, (width - CHANNEL_COL) / hourPx);
  const maxHour = Math.max(guide.startHour, guide.endHour - Math.floor(visibleHours));
  const from = Math.min(Math.max(hour ?? guide.startHour, guide.startHour), maxHour);
  const offset = (from - guide.startHour) * hourPx;
  const dayWidth = (guide.endHour - guide.startHour) * hourPx;
  const slots = Array.from({ length: (guide.endHour - guide.startHour) * 2 }, (_, i) => guide.startHour * 60 + i * 30);
  const label = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  const open = (channel: string, p: EpgProgramme) => void emit('select', { channel, ...p });
  const dayName = (d: string) => new Intl.DateTimeFormat(session.lang === 'en' ? 'en-GB' : 'sr-Latn-RS', { weekday: 'short', day: 'numeric', month: 'numeric', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`));
  return (
    <div className="ot-epg">
      <div className="ot-epg__days" role="group" aria-label={t('home.epg.days')}>
        {guide.days.map((d) => (
          <button key={d} type="button" className={cx('ot-chip', d === guide.date && 'ot-chip--selected')} aria-pressed={d === guide.date} disabled={!enabled}
            onClick={() => void emit('day', { date: d, to: `${path}?datum=${d}` })}>
            {dayName(d)}
          </button>
        ))}
      </div>
      <div className="ot-epg__bar">
        <button type="button" className="ot-btn ot-btn--outline ot-btn--small" disabled={!enabled || from <= guide.startHour}
          onClick={() => void emit('slide', { by: -1 })} aria-label={t('home.epg.earlier')}>
          ‹ {t('home.epg.earlier')}
        </button>
        <p className="ot-epg__range" aria-live="polite">{t('home.epg.showing', { from: label(from * 60), to: label(Math.min(guide.endHour * 60, Math.round((from + visibleHours) * 60))) })}</p>
        <button type="button" className="ot-btn ot-btn--outline ot-btn--small" disabled={!enabled || from >= maxHour}
          onClick={() => void emit('slide', { by: 1 })} aria-label={t('home.epg.later')}>
          {t('home.epg.later')} ›
        </button>
      </div>
      <div className="ot-epg__viewport" ref={wrap}>
        <div className="ot-epg__head" style={{ paddingLeft: CHANNEL_COL }}>
          <div className="ot-epg__track" style={{ width: dayWidth, transform: `translateX(${-offset}px)` }}>
            {slots.map((m) => (
              <span key={m} className="ot-epg__slot" style={{ width: half }} data-minute={m}>{label(m)}</span>
            ))}
          </div>
        </div>
        <ul className="ot-epg__rows" aria-label={t('home.epg.channels')}>
          {guide.channels.map((c) => (
            <li key={c.code} className="ot-epg__row" data-channel={c.code}>
              <div className="ot-epg__channel" style={{ width: CHANNEL_COL }}>
                <span>{c.name}</span>
                {c.features.includes(guide.hdFeature) && <span className="ot-badge ot-badge--brand">HD</span>}
              </div>
              <div className="ot-epg__clip">
                <div className="ot-epg__track" style={{ width: dayWidth, transform: `translateX(${-offset}px)` }}>
                  {c.programmes.map((p) => {
                    const left = (p.startMinute - guide.startHour * 60) * pxPerMinute;
                    const w = p.duration * pxPerMinute;
                    const visible = left + w > offset && left < offset + (width - CHANNEL_COL);
                    return (
                      <button key={p.id} type="button" className={cx('ot-epg__prog', !visible && 'ot-epg__prog--off')} style={{ left, width: w, ...(left < offset && visible ? { paddingLeft: offset - left + 8 } : {}) }}
                        tabIndex={visible ? 0 : -1} aria-hidden={!visible} disabled={!enabled}
                        onClick={() => open(c.name, p)}>
                        <span className="ot-epg__time">{p.start}</span>{' '}
                        <span className="ot-epg__title">{p.title}</span>
                        <span className="ot-sr-only">{` (${p.start}–${p.end}, ${c.name})`}</span>
                      </button>
                    );
                  })}
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** An observer: it reads store objects passed whole (nested changes re-render it). */
export default observer(EpgGrid);
