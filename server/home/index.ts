// The public face of the home-services module: its routes and what other modules may use.
export { homeRoutes } from './routes';
export { PACKAGE_TYPES as HOME_PACKAGE_TYPES } from './seed-data';
export { seedHome, HOME_SEED_MARKER } from './seed';
export { homeSetupOf, requireHomeSetup, installationAddressOf, releaseHomeSetup } from './checkout';
export { seedHomeLines, seedHomeTvAddons, HOME_LINES_SEED_MARKER } from './seed-lines';
export { tvAddonOffers, TV_EXTRA_TYPES, type TvAddonOffers } from './tv-addons';
export { seedHomeAddresses, HOME_ADDRESSES_SEED_MARKER } from './seed-addresses';
export { municipalities, localities, streets, streetNumbers } from './service';
export { addressOfCode, type AddressOfCode } from './address-lookup';
