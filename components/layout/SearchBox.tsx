import { useEffect, useId, useState } from 'react';
import type { VocabularyProps } from '../../renderer/types';

export interface SearchBoxProps {
  label: string;
  placeholder?: string;
  submitLabel: string;
  /** the text searched now (bind /catalog/search/freeTextSearch on the results page) */
  value?: string | null;
}

/** The header search (role="search"): submitting emits `search` with { text } (trimmed; an empty text is not sent). */
export default function SearchBox({ label, placeholder, submitLabel, value, emit, enabled }: SearchBoxProps & VocabularyProps) {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  useEffect(() => { if (value !== undefined && value !== null) setText(value); }, [value]);
  return (
    <form
      role="search"
      className="ot-search"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        const t = text.trim();
        if (t) void emit('search', { text: t });
      }}
    >
      <label htmlFor={id} className="ot-sr-only">{label}</label>
      <input id={id} className="ot-search__input" type="search" name="q" value={text} placeholder={placeholder} maxLength={100} autoComplete="off" enterKeyHint="search" disabled={!enabled} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="ot-search__submit" disabled={!enabled} aria-label={submitLabel} title={submitLabel}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="M10 3a7 7 0 015.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1110 3zm0 2a5 5 0 100 10 5 5 0 000-10z" fill="currentColor" /></svg>
      </button>
    </form>
  );
}
