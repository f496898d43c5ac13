import type { VocabularyProps } from '../../renderer/types';
import { AccordionContext, useAccordionState } from './accordionContext';
import type { ComponentProps } from '../../schemas/types/components';

export type AccordionProps = ComponentProps['Accordion'];

/**
 * A list of questions and answers (AccordionItem children). Below 1024 px only one item is open at a time.
 * The title is drawn as an H1 only when `showTitle` is the string "True" (seed 000 §2).
 */
export default function Accordion({ title, showTitle, children }: AccordionProps & VocabularyProps) {
  const state = useAccordionState();
  return (
    <div className="ot-accordion">
      {title && showTitle === 'True' && <h1 className="ot-accordion__title">{title}</h1>}
      <AccordionContext.Provider value={state}>
        <div className="ot-accordion__items">{children}</div>
      </AccordionContext.Provider>
    </div>
  );
}
