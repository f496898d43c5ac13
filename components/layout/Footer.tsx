import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';

export type FooterProps = ComponentProps['Footer'];

/** The dark page footer: customer service block, link columns (FooterColumn children), company line. */
export default function Footer({ serviceTitle, servicePhone, serviceHours, company, legal, children }: FooterProps & VocabularyProps) {
  return (
    <footer className="ot-footer">
      <div className="ot-container">
        <div className="ot-footer__grid">
          {servicePhone && (
            <div className="ot-footer__service">
              {serviceTitle && <p className="ot-footer__title">{serviceTitle}</p>}
              <a className="ot-footer__phone" href={`tel:${servicePhone.replace(/\s+/g, '')}`}>
                {servicePhone}
              </a>
              {serviceHours && <p className="ot-footer__hours">{serviceHours}</p>}
            </div>
          )}
          {children}
        </div>
        {(company || legal) && (
          <div className="ot-footer__bottom">
            {company && <p>{company}</p>}
            {legal && <p>{legal}</p>}
          </div>
        )}
      </div>
    </footer>
  );
}
