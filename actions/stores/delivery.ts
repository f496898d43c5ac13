/** The state of the personal-data and delivery steps (seed 001 §3 delivery options): kept on the checkout store as `delivery`. */
import type { ApiOperations } from '../../schemas/types/api.operations';
export interface Option { code: string; name: string }
/** The contract's saved address, pickup store and street number (GET customerAddresses, pickupStores, homeStreetNumbers). */
export type SavedAddress = ApiOperations['customerAddresses']['response']['addresses'][number];
export type PickupStore = ApiOperations['pickupStores']['response']['pickupStores'][number];
export type StreetNumber = ApiOperations['homeStreetNumbers']['response']['streetnumbers'][number];
/** A one-time e-mail code in flight: where it went, until when it holds, what was typed, whether it was confirmed. */
export interface EmailCodeState { email: string; sent: boolean; expiresAt: number | null; code: string; verified: string | null; error: string | null; busy: boolean }
export type AddressField = 'municipalityCode' | 'localityCode' | 'streetCode' | 'tisAddressCode' | 'entrance' | 'floor' | 'apartment';

export interface DeliveryState {
  options: Option[];
  selected: string | null;
  addresses: SavedAddress[];
  addressId: string | null;
  municipalities: Option[]; localities: Option[]; streets: Option[]; numbers: StreetNumber[];
  municipalityCode: string; localityCode: string; streetCode: string; tisAddressCode: string; entrance: string; floor: string; apartment: string;
  saveAddress: boolean;
  /** the installation address of the cart's home setup (DELIVERY_ADDRESS_INSTALLATION), null while none is complete */
  installation: { formattedAddress: string } | null;
  stores: PickupStore[];
  pickupStoreId: string | null;
  slots: Option[];
  slot: string;
  /** the renewal e-mail (DELIVERY_EMAIL_ADDRESS) and its code */
  renewal: EmailCodeState;
  /** the personal-data step's contact e-mail code (when it is not the account's own e-mail) */
  personal: EmailCodeState;
  accountEmail: string | null;
  /** a message (localized) shown in the step */
  error: string | null;
  loaded: boolean;
}

export const emptyCode = (): EmailCodeState => ({ email: '', sent: false, expiresAt: null, code: '', verified: null, error: null, busy: false });

export const emptyDeliveryState = (): DeliveryState => ({
  options: [], selected: null, addresses: [], addressId: null,
  municipalities: [], localities: [], streets: [], numbers: [],
  municipalityCode: '', localityCode: '', streetCode: '', tisAddressCode: '', entrance: '', floor: '', apartment: '', saveAddress: false,
  installation: null, stores: [], pickupStoreId: null, slots: [], slot: '',
  renewal: emptyCode(), personal: emptyCode(), accountEmail: null, error: null, loaded: false,
});
