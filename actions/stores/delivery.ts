/** The state of the personal-data and delivery steps (seed 001 §3 delivery options): kept on the checkout store as `delivery`. */
import type { ApiOperations } from '../../schemas/types/api.operations';
import type * as StateCheckout from '../../schemas/types/state.checkout';

export type Option = StateCheckout.Option;
/** The contract's saved address, pickup store and street number (GET customerAddresses, pickupStores, homeStreetNumbers). */
export type SavedAddress = ApiOperations['customerAddresses']['response']['addresses'][number];
export type PickupStore = ApiOperations['pickupStores']['response']['pickupStores'][number];
export type StreetNumber = ApiOperations['homeStreetNumbers']['response']['streetnumbers'][number];
/** A one-time e-mail code in flight (the EmailCode component draws it): declared in schemas/state/checkout.json. */
export type EmailCodeState = StateCheckout.EmailCodeState;
export type AddressField = 'municipalityCode' | 'localityCode' | 'streetCode' | 'tisAddressCode' | 'entrance' | 'floor' | 'apartment';

/** The steps' state: declared in schemas/state/checkout.json (the DeliveryChoice component draws it). */
export type DeliveryState = StateCheckout.DeliveryState;

export const emptyCode = (): EmailCodeState => ({ email: '', sent: false, expiresAt: null, code: '', verified: null, error: null, busy: false });

export const emptyDeliveryState = (): DeliveryState => ({
  options: [], selected: null, addresses: [], addressId: null,
  municipalities: [], localities: [], streets: [], numbers: [],
  municipalityCode: '', localityCode: '', streetCode: '', tisAddressCode: '', entrance: '', floor: '', apartment: '', saveAddress: false,
  installation: null, stores: [], pickupStoreId: null, slots: [], slot: '',
  renewal: emptyCode(), personal: emptyCode(), accountEmail: null, error: null, loaded: false,
});
