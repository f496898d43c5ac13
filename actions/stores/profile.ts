import { makeAutoObservable } from 'mobx';
import type * as ApiProfile from '../../schemas/types/api.profile';
import type { CodeState } from './account';

const noCode = (): CodeState => ({ sentAt: null, seconds: 300, to: '' });

/** A consent of the signed-in customer: the generated shape of schemas/api/profile.json Consent. */
export type ConsentView = ApiProfile.Consent;

/** The profile page (seed 001 §2 /Profil/Izmena-licnih-podataka): written only by actions/profile. */
export class ProfileStore {
  /** 'edit': the personal-data form; 'code': the confirmation code was sent, the page asks for it */
  step: 'edit' | 'code' = 'edit';
  /** "We sent a code to ma***@orbita.rs …" */
  codeSentText: string | null = null;
  /** a refusal shown above the personal-data form (already localized) */
  error: string | null = null;
  /** the consents with the customer's state; null while loading */
  consents: ConsentView[] | null = null;
  consentError: string | null = null;
  /** the e-mail change: the code sent to the new address (its timer), and a refusal shown above the form */
  emailCode: CodeState = noCode();
  emailError: string | null = null;

  constructor() { makeAutoObservable(this, {}, { autoBind: true }); }

  setStep(step: ProfileStore['step'], codeSentText: string | null = null): void { this.step = step; this.codeSentText = codeSentText; }
  setError(message: string | null): void { this.error = message; }
  setConsents(list: ConsentView[] | null): void { this.consents = list; }
  setConsentError(message: string | null): void { this.consentError = message; }
  setEmailError(message: string | null): void { this.emailError = message; }
  emailCodeSent(to: string, seconds: number, at = Date.now()): void { this.emailCode = { sentAt: at, seconds, to }; }
  resetEmailCode(): void { this.emailCode = noCode(); }
}
