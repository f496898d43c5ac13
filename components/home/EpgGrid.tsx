import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useT, useStores } from '../../renderer/hooks';
import type { EpgData, EpgProgramme } from '../../actions/stores/home';
import { cx } from '../shared/cx';
import './home.css';
import type { ComponentProps } from '../../schemas/types/components';

export type EpgGridProps = ComponentProps['EpgGrid'];

/** width of the channel column: narrower on phones */
const channelCol = (width: number) => (width < 600 ? 96 : 160);

/** "hh:mm" of a minute of the day. */
const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The width of the guide's viewport, measured on mount and again on each resize (1000 until known). */
function useViewportWidth() {
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
  return { wrap, width };
}

/** The geometry of the grid at this width: pixels per minute, the hours that fit, the first hour shown and its offset. */
function epgLayout(guide: EpgData, width: number, hour: number | null | undefined) {
  const channelWidth = channelCol(width);
  const half = guide.halfHourLength;
  const pxPerMinute = half / 30;
  const hourPx = half * 2;
  const visibleHours = Math.max(1, (width - channelWidth) / hourPx);
  const maxHour = Math.max(guide.startHour, guide.endHour - Math.floor(visibleHours));
  const from = Math.min(Math.max(hour ?? guide.startHour, guide.startHour), maxHour);
  const offset = (from - guide.startHour) * hourPx;
  const dayWidth = (guide.endHour - guide.startHour) * hourPx;
  const slots = Array.from({ length: (guide.endHour - guide.startHour) * 2 }, (_, i) => guide.startHour * 60 + i * 30);
  return { channelWidth, half, pxPerMinute, visibleHours, maxHour, from, offset, dayWidth, slots };
}

type EpgChannel = EpgData['channels'][number];

/** One channel's row: its name (HD badge) and its programmes on the sliding track, those out of view hidden from focus. */
const EpgChannelRow = observer(function EpgChannelRow({ c, hd, startHour, pxPerMinute, offset, dayWidth, channelWidth, viewWidth, enabled, onOpen }: {
  c: EpgChannel; hd: boolean; startHour: number; pxPerMinute: number; offset: number; dayWidth: number; channelWidth: number; viewWidth: number;
  enabled: boolean; onOpen(channel: string, p: EpgProgramme): void;
}) {
  return (
    <li className="ot-epg__row" data-channel={c.code}>
      <div className="ot-epg__channel" style={{ width: channelWidth }}>
        <span>{c.name}</span>
        {hd && <span className="ot-badge ot-badge--brand">HD</span>}
      </div>
      <div className="ot-epg__clip">
        <div className="ot-epg__track" style={{ width: dayWidth, transform: `translateX(${-offset}px)` }}>
          {c.programmes.map((p) => {
            const left = (p.startMinute - startHour * 60) * pxPerMinute;
            const w = p.duration * pxPerMinute;
            const visible = left + w > offset && left < offset + (viewWidth - channelWidth);
            return (
              <button key={p.id} type="button" className={cx('ot-epg__prog', !visible && 'ot-epg__prog--off')} style={{ left, width: w, ...(left < offset && visible ? { paddingLeft: offset - left + 8 } : {}) }}
                tabIndex={visible ? 0 : -1} aria-hidden={!visible} disabled={!enabled}
                onClick={() => onOpen(c.name, p)}>
                <span className="ot-epg__time">{p.start}</span>{' '}
                <span className="ot-epg__title">{p.title}</span>
                <span className="ot-sr-only">{` (${p.start}–${p.end}, ${c.name})`}</span>
              </button>
            );
          })}
        </div>
      </div>
    </li>
  );
});

/** The day chips: the guide's days, the shown one pressed; a chip emits `day` with the day's address. */
function EpgDays({ days, date, lang, path, enabled, emit, t }: {
  days: string[]; date: string; lang: string; path: string; enabled: boolean; emit: VocabularyProps['emit']; t: ReturnType<typeof useT>;
}) {
  const dayName = (d: string) => new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'sr-Latn-RS', { weekday: 'short', day: 'numeric', month: 'numeric', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`));
  return (
    <div className="ot-epg__days" role="group" aria-label={t('home.epg.days')}>
      {days.map((d) => (
        <button key={d} type="button" className={cx('ot-chip', d === date && 'ot-chip--selected')} aria-pressed={d === date} disabled={!enabled}
          onClick={() => void emit('day', { date: d, to: `${path}?datum=${d}` })}>
          {dayName(d)}
        </button>
      ))}
    </div>
  );
}

/**
 * The TV guide: channels down, time across; a half hour is `halfHourLength` px (240) wide, the day runs from
 * startHour to endHour, "earlier" / "later" slide one hour (slideStep). A programme opens its details.
 */
function EpgGrid({ guide, hour, path, emit, enabled }: EpgGridProps & VocabularyProps) {
  const t = useT();
  const { session } = useStores();
  const { wrap, width } = useViewportWidth();
  if (!guide) return null;
  const { channelWidth, half, pxPerMinute, visibleHours, maxHour, from, offset, dayWidth, slots } = epgLayout(guide, width, hour);
  const open = (channel: string, p: EpgProgramme) => void emit('select', { channel, ...p });
  return (
    <div className="ot-epg">
      <EpgDays days={guide.days.slice()} date={guide.date} lang={session.lang} path={path} enabled={enabled} emit={emit} t={t} />
      <div className="ot-epg__bar">
        <button type="button" className="ot-btn ot-btn--outline ot-btn--small" disabled={!enabled || from <= guide.startHour}
          onClick={() => void emit('slide', { by: -1 })} aria-label={t('home.epg.earlier')}>
          ‹ {t('home.epg.earlier')}
        </button>
        <p className="ot-epg__range" aria-live="polite">{t('home.epg.showing', { from: clock(from * 60), to: clock(Math.min(guide.endHour * 60, Math.round((from + visibleHours) * 60))) })}</p>
        <button type="button" className="ot-btn ot-btn--outline ot-btn--small" disabled={!enabled || from >= maxHour}
          onClick={() => void emit('slide', { by: 1 })} aria-label={t('home.epg.later')}>
          {t('home.epg.later')} ›
        </button>
      </div>
      <div className="ot-epg__viewport" ref={wrap}>
        <div className="ot-epg__head" style={{ paddingLeft: channelWidth }}>
          <div className="ot-epg__track" style={{ width: dayWidth, transform: `translateX(${-offset}px)` }}>
            {slots.map((m) => (
              <span key={m} className="ot-epg__slot" style={{ width: half }} data-minute={m}>{clock(m)}</span>
            ))}
          </div>
        </div>
        <ul className="ot-epg__rows" aria-label={t('home.epg.channels')}>
          {guide.channels.map((c) => (
            <EpgChannelRow key={c.code} c={c} hd={c.features.includes(guide.hdFeature)} startHour={guide.startHour} pxPerMinute={pxPerMinute} offset={offset}
              dayWidth={dayWidth} channelWidth={channelWidth} viewWidth={width} enabled={enabled} onOpen={open} />
          ))}
        </ul>
      </div>
    </div>
  );
}

/** An observer: it reads store objects passed whole (nested changes re-render it). */
export default observer(EpgGrid);
