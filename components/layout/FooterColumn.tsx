import type { VocabularyProps } from '../../renderer/types';

export interface FooterColumnProps {
  title: string;
}

/** One column of footer links (Link children, variant "footer"). */
export default function FooterColumn({ title, children }: FooterColumnProps & VocabularyProps) {
  return (
    <div className="ot-footer__col">
      <p className="ot-footer__title">{title}</p>
      <div className="ot-footer__links">{children}</div>
    </div>
  );
}
