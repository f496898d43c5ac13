import { makeAutoObservable } from 'mobx';
import type * as StateAccount from '../../schemas/types/state.account';

/** The registration's address picker (the AddressPicker component draws it): declared in schemas/state/account.json. */
export type AddressPickerState = StateAccount.AddressPickerState;
/** An entry of one of its lists (an answer of the address system: code and name). */
export type AddressOption = AddressPickerState['municipalities'][number];

/** A one-time code and its timer (the CodeTimer component draws it): declared in schemas/state/account.json. */
export type CodeState = StateAccount.CodeState;

const emptyAddress = (): AddressPickerState => ({
  municipalityCode: '', localityCode: '', streetCode: '', tisAddressCode: '', apartment: '',
  municipalities: [], localities: [], streets: [], numbers: [], errorField: null,
});
const noCode = (): CodeState => ({ sentAt: null, seconds: 300, to: '' });

/**
 * Account pages (seed 001 §2–§5: registration, password recovery / reset / change, weak password, fill data): written
 * only by actions/account. `error` is the server's message shown on the page (already localized).
 */
export class AccountStore {
  error: string | null = null;
  /** the one-time code of the page (registration, recovery, e-mail) */
  code: CodeState = noCode();
  /** the recovery channel and address the code went to */
  recovery: { channel: 'EMAIL' | 'SMS'; address: string } | null = null;
  /** the existing customer identified by JMBG and customer number (register/jmbg) */
  customer: { customerId: string; firstName: string; lastName: string; jmbg: string } | null = null;
  /** the registration address from the address system */
  address: AddressPickerState = emptyAddress();
  /** the last username availability answer (null: not asked) */
  usernameAvailable: boolean | null = null;
  /** the username that answer is about */
  usernameChecked = '';
  /** the username and e-mail of the account just registered (the success page) */
  registered: { username: string; email: string } | null = null;
  /** where the shopper goes after fixing a weak password / adding the e-mail ('' = home; '/checkout' = checkout) */
  continueTo = '';

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get codeSent(): boolean { return this.code.sentAt !== null; }

  setError(e: string | null): void { this.error = e; }
  codeWasSent(to: string, seconds: number, at = Date.now()): void { this.code = { sentAt: at, seconds, to }; }
  resetCode(): void { this.code = noCode(); }
  setRecovery(r: AccountStore['recovery']): void { this.recovery = r; }
  setCustomer(c: AccountStore['customer']): void { this.customer = c; }
  setUsernameAvailable(v: boolean | null, username = ''): void { this.usernameAvailable = v; this.usernameChecked = v === null ? '' : username; }
  setRegistered(r: AccountStore['registered']): void { this.registered = r; }
  setContinueTo(path: string): void { this.continueTo = path; }
  /** One part of the address; the parts below it are emptied (their lists reload). */
  setAddressField(field: 'municipalityCode' | 'localityCode' | 'streetCode' | 'tisAddressCode' | 'apartment', value: string): void {
    const a = this.address;
    a[field] = value;
    a.errorField = null;
    if (field === 'municipalityCode') { a.localityCode = ''; a.streetCode = ''; a.tisAddressCode = ''; a.localities = []; a.streets = []; a.numbers = []; }
    if (field === 'localityCode') { a.streetCode = ''; a.tisAddressCode = ''; a.streets = []; a.numbers = []; }
    if (field === 'streetCode') { a.tisAddressCode = ''; a.numbers = []; }
  }
  setAddressOptions(list: 'municipalities' | 'localities' | 'streets' | 'numbers', options: AddressOption[]): void {
    this.address[list] = options;
  }
  setAddressError(field: string | null): void { this.address.errorField = field; }
  /** A page of the account family opened: what an earlier page left is cleared. */
  reset(): void {
    this.error = null;
    this.code = noCode();
    this.recovery = null;
    this.usernameAvailable = null;
    this.usernameChecked = '';
    this.address = { ...emptyAddress(), municipalities: this.address.municipalities };
  }
}
