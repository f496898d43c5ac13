/** The state of the personal-data and delivery steps (seed 001 §3 delivery options): kept on the checkout store as `delivery`. */
export interface Option { code: string; name: string }
export interface SavedAddress { id: string; formattedAddress: string; tisAddressCode?: string | null; defaultAddress: boolean }
export interface PickupStore { pickupStoreId: string; name: string; formattedAddress: string; openingHours: string }
export interface StreetNumber { code: string; number: string; tisAddressCode: string; entrances: string[]; flats: number }
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
