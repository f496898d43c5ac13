/** The state of the number choice (CONNECT_MSISDN, seed 001 §9): kept on the checkout store as `numbers`. */
import type * as ApiNumbers from '../../schemas/types/api.numbers';
import type * as StateCheckout from '../../schemas/types/state.checkout';

/** The numbers the step lists and the choice the cart holds: the generated shapes of schemas/api/numbers.json. */
export type OfferedNumber = ApiNumbers.Number;
export type OwnNumber = ApiNumbers.RegisteredResponse['msisdns'][number];
export type NumberChoice = NonNullable<ApiNumbers.ChoiceResponse['choice']>;
export type NumberOption = NumberChoice['option'];
export type NumberTab = 'FREE' | 'NICE' | 'SEARCH';
/** The step's state: declared in schemas/state/checkout.json (the NumberChoice component draws it). */
export type NumberState = StateCheckout.NumberState;

export const emptyNumberState = (): NumberState => ({
  option: null, tab: 'FREE', free: [], nice: [], found: null, query: '', own: [], choice: null, otpSentAt: null, otpMsisdn: null, error: null, loaded: false,
});
