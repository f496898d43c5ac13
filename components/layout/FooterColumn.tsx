import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';

export type FooterColumnProps = ComponentProps['FooterColumn'];

/** One column of footer links (Link children, variant "footer"). */
export default function FooterColumn({ title, children }: FooterColumnProps & VocabularyProps) {
  return (
    <div className="ot-footer__col">
      <p className="ot-footer__title">{title}</p>
      <div className="ot-footer__links">{children}</div>
    </div>
  );
}
