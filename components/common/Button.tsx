import { useState } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type ButtonProps = ComponentProps['Button'];

const ICONS: Record<NonNullable<ButtonProps['icon']>, string> = {
  cart: 'M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM3 3h2l2.6 10.4A2 2 0 0 0 9.5 15H18a2 2 0 0 0 1.9-1.4L22 7H6.2',
  'arrow-right': 'M5 12h14M13 6l6 6-6 6',
  'arrow-left': 'M19 12H5M11 6l-6 6 6 6',
  refresh: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z',
};

export function Icon({ name }: { name: NonNullable<ButtonProps['icon']> }) {
  return (
    <svg className="ot-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A real <button>. Emits `click`; shows a spinner and blocks repeat clicks while the actions run. */
export default function Button({ label, variant = 'primary', size = 'medium', fullWidth, busy, icon, ariaLabel, emit, enabled }: ButtonProps & VocabularyProps) {
  const [running, setRunning] = useState(false);
  const isBusy = Boolean(busy) || running;
  const onClick = async () => {
    if (isBusy) return;
    setRunning(true);
    try {
      await emit('click');
    } finally {
      setRunning(false);
    }
  };
  return (
    <button
      type="button"
      className={cx('ot-btn', `ot-btn--${variant}`, `ot-btn--${size}`, fullWidth && 'ot-btn--block', isBusy && 'ot-btn--busy')}
      disabled={!enabled}
      aria-busy={isBusy || undefined}
      aria-label={ariaLabel}
      onClick={onClick}
    >
      {isBusy && <span className="ot-btn__spinner" aria-hidden="true" />}
      {icon && icon !== 'arrow-right' && <Icon name={icon} />}
      <span>{label}</span>
      {icon === 'arrow-right' && <Icon name={icon} />}
    </button>
  );
}
