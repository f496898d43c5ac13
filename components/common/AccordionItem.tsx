import { useContext, useId, useState } from 'react';
import type { VocabularyProps } from '../../renderer/types';
import { cx } from '../shared/cx';
import { AccordionContext } from './accordionContext';
import type { ComponentProps } from '../../schemas/types/components';

export type AccordionItemProps = ComponentProps['AccordionItem'];

/** One question of an Accordion: a button that shows or hides its answer. */
export default function AccordionItem({ title, text, children, emit }: AccordionItemProps & VocabularyProps) {
  const ctx = useContext(AccordionContext);
  const id = useId();
  const [alone, setAlone] = useState(false);
  const open = ctx ? ctx.isOpen(id) : alone;
  const toggle = () => {
    if (ctx) ctx.toggle(id);
    else setAlone((v) => !v);
    void emit(open ? 'close' : 'open');
  };
  return (
    <div className={cx('ot-accordion__item', open && 'is-open')}>
      <h3 className="ot-accordion__q">
        <button type="button" aria-expanded={open} aria-controls={`${id}-panel`} id={`${id}-btn`} onClick={toggle}>
          <span>{title}</span>
          <span className="ot-accordion__chevron" aria-hidden="true" />
        </button>
      </h3>
      <div className="ot-accordion__a" id={`${id}-panel`} role="region" aria-labelledby={`${id}-btn`} hidden={!open}>
        {text && <p>{text}</p>}
        {children}
      </div>
    </div>
  );
}
