import type { CSSProperties } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { cx } from '../shared/cx';
import type { ComponentProps } from '../../schemas/types/components';

export type StackProps = ComponentProps['Stack'];

/** Lays its children out in a row or a column with spacing from the 8-px scale. */
export default function Stack({ direction = 'column', gap = 2, align, justify, wrap, children }: StackProps & VocabularyProps) {
  const style: CSSProperties = { gap: `calc(var(--ot-s1) * ${gap})` };
  return (
    <div
      className={cx('ot-stack', `ot-stack--${direction}`, align && `ot-align-${align}`, justify && `ot-justify-${justify}`, wrap && 'ot-stack--wrap')}
      style={style}
    >
      {children}
    </div>
  );
}
