/** The state of the number choice (CONNECT_MSISDN, seed 001 §9): kept on the checkout store as `numbers`. */
import type * as ApiNumbers from '../../schemas/types/api.numbers';

/** The numbers the step lists and the choice the cart holds: the generated shapes of schemas/api/numbers.json. */
export type OfferedNumber = ApiNumbers.Number;
export type OwnNumber = ApiNumbers.RegisteredResponse['msisdns'][number];
export type NumberChoice = NonNullable<ApiNumbers.ChoiceResponse['choice']>;
export type NumberOption = NumberChoice['option'];
export type NumberTab = 'FREE' | 'NICE' | 'SEARCH';
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
