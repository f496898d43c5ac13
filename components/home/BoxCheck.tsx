import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import type { ComponentProps } from '../../schemas/types/components';
import { useT } from '../../renderer/hooks';
import { cx } from '../shared/cx';
import { HomeAddressCascade } from '../shared/addressCascade';
import './home.css';

export type BoxCheckProps = ComponentProps['BoxCheck'];

/** The fields of the picker: a check error naming none of them (or body/flatNum) shows under the button. */
const FIELDS = ['municipalityCode', 'localityCode', 'streetCode', 'addressCode', 'entrance', 'flatNum'];

/** Box technical availability check: address from the address system (municipality → locality → street → number,
 *  entrance, flat), the GPON check, and its answer with the packages that fit the address. */
function BoxCheck({ state, emit, enabled }: BoxCheckProps & VocabularyProps) {
  const t = useT();
  if (!state) return null;
  // the server names a refused field of the body as `body/<field>`
  const field = state.errorField?.replace(/^body\//, '') ?? null;
  const r = state.result;
  return (
    <div className="ot-box">
      <form className="ot-box__form" onSubmit={(e) => { e.preventDefault(); void emit('check'); }} noValidate>
        <HomeAddressCascade address={state} ids="box" on={enabled} error={state.error ? { field, text: state.error } : null}
          onChange={(f, value) => void emit('change', { field: f, value })} />
        <button type="submit" className={cx('ot-btn ot-btn--primary ot-btn--large', state.checking && 'ot-btn--busy')} disabled={!enabled || state.checking}>
          {t('home.box.check')}
        </button>
        {state.error && ![...FIELDS, 'body/flatNum'].includes(state.errorField ?? '') && (
          <p className="ot-field-error" role="alert">{state.error}</p>
        )}
      </form>
      <div aria-live="polite">
        {r && (
          <section className={cx('ot-box__result', r.gponAvailable ? 'ot-box__result--yes' : 'ot-box__result--no')} data-status={r.status}>
            <h2>{r.gponAvailable ? t('home.box.yes') : t('home.box.no')}</h2>
            <p className="ot-box__address">{r.formattedAddress}</p>
            <p>{r.message}</p>
            {r.packages.length > 0 && (
              <>
                <p className="ot-box__offer">{t('home.box.offer')}</p>
                <ul className="ot-box__packages">
                  {r.packages.map((p) => <li key={p.code}><Link className="ot-link" to={p.url}>{p.name}</Link></li>)}
                </ul>
              </>
            )}
          </section>
        )}
      </div>
    </div>
  );
}

/** An observer: it reads store objects passed whole (nested changes re-render it). */
export default observer(BoxCheck);
