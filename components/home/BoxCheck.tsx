import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import type { VocabularyProps } from '../../renderer/types';
import { useT } from '../../renderer/hooks';
import type { HomeStore } from '../../actions/stores/home';
import { cx } from '../shared/cx';
import './home.css';

export interface BoxCheckProps {
  state?: HomeStore['boxCheck'] | null;
}

type Field = 'municipalityCode' | 'localityCode' | 'streetCode' | 'addressCode' | 'entrance' | 'flatNum';

/** Box technical availability check: address from the address system (municipality → locality → street → number,
 *  entrance, flat), the GPON check, and its answer with the packages that fit the address. */
function BoxCheck({ state, emit, enabled }: BoxCheckProps & VocabularyProps) {
  const t = useT();
  if (!state) return null;
  const set = (field: Field, value: string) => void emit('change', { field, value });
  const num = state.numbers.find((n) => n.code === state.addressCode);
  const err = (f: Field) => (state.errorField === f || state.errorField === `body/${f}` ? state.error : null);
  const select = (field: Field, label: string, options: Array<{ code: string; name: string }>, disabled: boolean) => (
    <div className="ot-box__field">
      <label htmlFor={`box-${field}`}>{label}</label>
      <select id={`box-${field}`} value={state[field]} disabled={!enabled || disabled} onChange={(e) => set(field, e.target.value)}
        aria-invalid={err(field) ? true : undefined} aria-describedby={err(field) ? `box-${field}-err` : undefined}>
        <option value="">{t('home.box.choose')}</option>
        {options.map((o) => <option key={o.code} value={o.code}>{o.name}</option>)}
      </select>
      {err(field) && <p id={`box-${field}-err`} className="ot-field-error">{err(field)}</p>}
    </div>
  );
  const r = state.result;
  return (
    <div className="ot-box">
      <form className="ot-box__form" onSubmit={(e) => { e.preventDefault(); void emit('check'); }} noValidate>
        <div className="ot-box__grid">
          {select('municipalityCode', t('home.box.municipality'), state.municipalities, false)}
          {select('localityCode', t('home.box.locality'), state.localities, !state.municipalityCode)}
          {select('streetCode', t('home.box.street'), state.streets, !state.localityCode)}
          {select('addressCode', t('home.box.number'), state.numbers.map((n) => ({ code: n.code, name: n.number })), !state.streetCode)}
          {num && num.entrances.length > 0 && select('entrance', t('home.box.entrance'), num.entrances.map((e) => ({ code: e, name: e })), false)}
          {num && num.flats > 0 && (
            <div className="ot-box__field">
              <label htmlFor="box-flatNum">{t('home.box.flat')}</label>
              <input id="box-flatNum" inputMode="numeric" maxLength={4} value={state.flatNum} disabled={!enabled} onChange={(e) => set('flatNum', e.target.value.trim())}
                aria-invalid={err('flatNum') ? true : undefined} aria-describedby={err('flatNum') ? 'box-flatNum-err' : undefined} />
              {err('flatNum') && <p id="box-flatNum-err" className="ot-field-error">{err('flatNum')}</p>}
            </div>
          )}
        </div>
        <button type="submit" className={cx('ot-btn ot-btn--primary ot-btn--large', state.checking && 'ot-btn--busy')} disabled={!enabled || state.checking}>
          {t('home.box.check')}
        </button>
        {state.error && !['municipalityCode', 'localityCode', 'streetCode', 'addressCode', 'entrance', 'flatNum', 'body/flatNum'].includes(state.errorField ?? '') && (
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
