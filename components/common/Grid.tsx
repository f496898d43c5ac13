import type { CSSProperties } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type GridProps = ComponentProps['Grid'];

/**
 * A responsive grid: one column on phones, `columns` from 1024 px (2 from 600 px).
 * With a sidebar the first (left) or last (right) child is a 320 px column on wide screens.
 */
export default function Grid({ columns = 3, sidebar = 'none', gap = 3, children }: GridProps & VocabularyProps) {
  const style = { '--ot-grid-gap': `calc(var(--ot-s1) * ${gap})` } as CSSProperties;
  return (
    <div className={cx('ot-grid', sidebar === 'none' ? `ot-grid--cols-${columns}` : `ot-grid--sidebar-${sidebar}`)} style={style}>
      {children}
    </div>
  );
}
