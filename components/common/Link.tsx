import { Link as RouterLink, NavLink } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type LinkProps = ComponentProps['Link'];

/** A link. Internal paths go through the router; `external` opens a normal page load. Emits `click` too. */
export default function Link({ label, to, variant = 'inline', external, emit }: LinkProps & VocabularyProps) {
  const className = cx('ot-link', `ot-link--${variant}`, variant === 'button' && 'ot-btn ot-btn--outline ot-btn--medium');
  const onClick = () => {
    void emit('click');
  };
  if (external || /^(https?:|mailto:|tel:)/.test(to)) {
    return (
      <a className={className} href={to} onClick={onClick}>
        {label}
      </a>
    );
  }
  if (variant === 'nav') {
    return (
      <NavLink className={({ isActive }) => cx(className, isActive && 'active')} to={to} onClick={onClick}>
        {label}
      </NavLink>
    );
  }
  return (
    <RouterLink className={className} to={to} onClick={onClick}>
      {label}
    </RouterLink>
  );
}
