/** The state of the number choice (CONNECT_MSISDN, seed 001 §9): kept on the checkout store as `numbers`. */
export type NumberOption = 'MOBILE_EXISTING' | 'MOBILE_NEW_SELECTION' | 'MOBILE_NEW' | 'MOBILE_PORT_IN';
export type NumberTab = 'FREE' | 'NICE' | 'SEARCH';
export interface Money { value: number; formattedValue: string; currencyIso: string }
export interface OfferedNumber { msisdn: string; msisdnFormatted: string; type: 'FREE' | 'NICE'; price: Money; esimCapable: boolean }
export interface OwnNumber { msisdn: string; msisdnFormatted: string; tariffName: string; prepaid: boolean }
export interface NumberChoice {
  option: NumberOption; msisdn: string | null; msisdnFormatted: string | null; price?: Money; expiresAt?: string | null;
  operator?: string | null; esimCapable?: boolean | null;
}
export interface NumberState {
  option: NumberOption | null;
  tab: NumberTab;
  free: OfferedNumber[];
  nice: OfferedNumber[];
  found: OfferedNumber[] | null;
  query: string;
  own: OwnNumber[];
  choice: NumberChoice | null;
  /** port-in: when the code was sent (ms since epoch) and to which number */
  otpSentAt: number | null;
  otpMsisdn: string | null;
  /** a message (localized) shown in the step, e.g. "A phone number must be chosen." */
  error: string | null;
  loaded: boolean;
}

export const emptyNumberState = (): NumberState => ({
  option: null, tab: 'FREE', free: [], nice: [], found: null, query: '', own: [], choice: null, otpSentAt: null, otpMsisdn: null, error: null, loaded: false,
});
