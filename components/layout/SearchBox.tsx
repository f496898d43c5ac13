import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import { useMoney } from '../shared/money';
import type { Suggestion } from '../shared/types';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type SearchBoxProps = ComponentProps['SearchBox'];

/** Suggestions are asked for from this many characters on, this long after the last key (debounced). */
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_DEBOUNCE_MS = 250;

const norm = (s: string) => s.trim().toLocaleLowerCase('sr').replace(/\s+/g, ' ');

/** The typed text, the open list and the active suggestion of the combobox, with its debounced `type` and key handling. */
function useSearchSuggestions({ value, suggest, emit }: Pick<SearchBoxProps, 'value' | 'suggest'> & Pick<VocabularyProps, 'emit'>) {
  const [text, setText] = useState(value ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Where the pointer was last seen over the list. A list that opens under a resting pointer gets mouse events from
  // the browser (the hover follows the layout) without the shopper moving it: only a pointer that moves over a
  // suggestion makes it the active one, so Enter after typing searches the text instead of opening that product.
  const pointer = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => { if (value !== undefined && value !== null) setText(value); }, [value]);
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);

  const items = suggest && norm(text).length >= SUGGEST_MIN_CHARS && suggest.term === norm(text) ? suggest.items : [];
  const shown = open && items.length > 0;

  const ask = (next: string) => {
    if (timer.current) clearTimeout(timer.current);
    const n = norm(next);
    timer.current = setTimeout(() => { void emit('type', { text: n.length >= SUGGEST_MIN_CHARS ? n : '' }); }, SUGGEST_DEBOUNCE_MS);
  };
  const close = () => { setOpen(false); setActive(-1); pointer.current = null; };
  const hover = (i: number, e: MouseEvent<HTMLLIElement>) => {
    const last = pointer.current;
    pointer.current = { x: e.clientX, y: e.clientY };
    if (last && (last.x !== e.clientX || last.y !== e.clientY)) setActive(i);
  };
  const pick = (s: Suggestion) => {
    close();
    if (timer.current) clearTimeout(timer.current);
    void emit('pick', { url: s.url, code: s.code });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (items.length === 0) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 (the field) and the suggestions, round and round
      const states = items.length + 1;
      setActive((a) => ((((a + 1 + step) % states) + states) % states) - 1);
    } else if (e.key === 'Escape') {
      if (shown) { e.preventDefault(); close(); } else if (text) { e.preventDefault(); setText(''); ask(''); }
    } else if (e.key === 'Enter' && shown && active >= 0 && items[active]) {
      e.preventDefault();
      pick(items[active]);
    }
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // the field's own value: text typed before the page was live (the submit replayed after hydration) may not
    // have reached the state
    const typed = new FormData(e.currentTarget).get('q');
    const v = (typeof typed === 'string' ? typed : text).trim();
    if (v !== text.trim()) setText(v);
    close();
    if (v) void emit('search', { text: v });
  };
  const onType = (next: string) => { setText(next); setOpen(true); setActive(-1); ask(next); };
  return { text, open, setOpen, active, items, shown, close, hover, pick, onKeyDown, onSubmit, onType };
}

/** One suggestion of the list box: its picture (or "SIM"), name, kind and price; a click opens it. */
function SuggestionOption({ s, id, active, onPick, onHover, t, money }: {
  s: Suggestion; id: string; active: boolean; onPick(): void; onHover(e: MouseEvent<HTMLLIElement>): void;
  t: ReturnType<typeof useT>; money: ReturnType<typeof useMoney>;
}) {
  return (
    <li
      id={id} role="option" aria-selected={active}
      className={cx('ot-suggest__item', active && 'ot-suggest__item--active')}
      onMouseDown={(e) => e.preventDefault()} onClick={onPick} onMouseMove={onHover}
    >
      <span className="ot-suggest__media" aria-hidden="true">{s.image ? <img src={s.image.url} alt="" width={36} height={36} loading="lazy" /> : <span>{s.kind === 'TARIFF' ? 'SIM' : ''}</span>}</span>
      <span className="ot-suggest__text">
        <span className="ot-suggest__name">{s.name}</span>
        <span className="ot-suggest__meta">{t(`search.kind.${s.kind}`)}{s.monthlyPrice
          ? ` · ${t(s.kind === 'TARIFF' ? 'search.monthly' : 'compare.monthlyFrom', { price: money.format(s.monthlyPrice) })}`
          : s.price ? ` · ${money.format(s.price)}` : ''}</span>
      </span>
    </li>
  );
}

/**
 * The header search (role="search") with suggestions: an ARIA 1.2 combobox whose list box shows the products the
 * server suggests for the typed text. Typing emits `type` { text } (debounced; '' clears); ↓/↑ move through the
 * suggestions, Enter opens the active one (`pick` { url }) or submits the text (`search` { text }), Escape closes the
 * list (a second Escape clears the field).
 */
export default function SearchBox({ label, placeholder, submitLabel, value, suggest, emit, enabled }: SearchBoxProps & VocabularyProps) {
  const id = useId();
  const t = useT();
  const money = useMoney();
  const { text, open, setOpen, active, items, shown, close, hover, pick, onKeyDown, onSubmit, onType } = useSearchSuggestions({ value, suggest, emit });
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-opt-${i}`;

  return (
    <form
      role="search"
      className="ot-search"
      aria-label={label}
      onSubmit={onSubmit}
      onBlur={(e) => { if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close(); }}
    >
      <label htmlFor={id} className="ot-sr-only">{label}</label>
      <input
        id={id} className="ot-search__input" type="search" name="q" value={text} placeholder={placeholder} maxLength={100}
        autoComplete="off" enterKeyHint="search" disabled={!enabled}
        role="combobox" aria-autocomplete="list" aria-expanded={shown} aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        onChange={(e) => onType(e.target.value)}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="ot-search__submit" disabled={!enabled} aria-label={submitLabel} title={submitLabel}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="M10 3a7 7 0 015.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1110 3zm0 2a5 5 0 100 10 5 5 0 000-10z" fill="currentColor" /></svg>
      </button>
      <ul id={listId} role="listbox" aria-label={t('search.suggestions')} className={cx('ot-suggest', shown && 'ot-suggest--open')} hidden={!shown}>
        {shown && items.map((s, i) => (
          <SuggestionOption key={s.code} s={s} id={optionId(i)} active={i === active} onPick={() => pick(s)} onHover={(e) => hover(i, e)} t={t} money={money} />
        ))}
      </ul>
      <span className="ot-sr-only" role="status" aria-live="polite">{open && norm(text).length >= SUGGEST_MIN_CHARS && suggest?.term === norm(text) ? t('search.suggestionCount', { count: items.length }) : ''}</span>
    </form>
  );
}
