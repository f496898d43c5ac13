// Fixture store states (schemas/fixtures/<id>.json, meta-schema schemas/meta/fixture.schema.json):
// the states the studio previews and the snapshot suites render documents in. applyFixture puts one
// into the stores through the stores' own MobX actions, as the real actions would after the API answered.
import type {
  Cart, CheckoutStep, ConsentTemplate, ProductDetails, ProductSummary, SearchResult, Stores,
} from '../actions/stores';
import type { Lang, Messages } from '../actions/stores/i18n';
import type { ChargeType, PdpWizardStep, SearchState } from '../actions/stores/catalog';
import type { SessionUser } from '../actions/stores/session';
import type { CheckoutStore } from '../actions/stores/checkout';

export interface FixturePdp {
  product: ProductDetails;
  /** one of product.variants[].code; default the first variant */
  variantCode?: string;
  colorCode?: string | null;
  tariffCode?: string | null;
  parentTariffCode?: string | null;
  subscriptionTermId?: string | null;
  chargeType?: ChargeType;
  step?: number;
  /** the wizard's steps present (schemas/rules/pdp-wizard.json), as pdp.load takes them */
  steps?: PdpWizardStep[];
  insuranceCode?: string | null;
  accessoryCodes?: string[];
  /** productReferences' references (ACCESSORIES) */
  accessories?: unknown[];
  /** productSpecification payload; null = still loading */
  specification?: unknown;
  /** step 2: the bundle's tariff entry and its add-on references (TARIFF_ADDON_RELATION) */
  tariffEntryNumber?: number | null;
  addons?: unknown[];
}

export interface FixtureState {
  session: { user?: SessionUser | null; rememberCheckout?: boolean };
  cart: { cart?: Cart | null; miniCartOpen?: boolean };
  catalog: { searchParams?: SearchState['params']; search?: SearchResult; hero?: ProductSummary[]; pdp?: FixturePdp };
  checkout: {
    checkoutType?: string | null;
    steps?: CheckoutStep[];
    currentStepCode?: string | null;
    paymentModes?: { code: string; name: string }[];
    selectedPaymentMode?: string | null;
    consentTemplates?: ConsentTemplate[];
    consents?: Record<string, boolean>;
    confirmation?: unknown;
    paymentResult?: CheckoutStore['paymentResult'];
    /** the SUGGESTED_PRODUCTS step's offers (schemas/api/cart.json SuggestedProducts) */
    suggested?: Omit<CheckoutStore['suggested'], 'loaded' | 'busy' | 'error'> | null;
  };
  ui?: { forms?: Record<string, { data: Record<string, unknown> }>; viewportWidth?: number; consent?: { decided: boolean; analytics: boolean; marketing: boolean } };
}

/** A schemas/fixtures/<id>.json document. */
export interface FixtureDoc {
  $schema?: string;
  id: string;
  version: number;
  title: string | { message: string };
  lang: Lang;
  state: FixtureState;
}

export interface ApplyFixtureOptions {
  /** the message map of fixture.lang (what /ui/messages/:lang answers); left as it is when absent */
  messages?: Messages;
}

/**
 * Puts a fixture into the stores through their actions. Only the parts the fixture names are set;
 * apply it to fresh stores (createStores()) for a state exactly as the fixture describes it.
 */
export function applyFixture(stores: Stores, fixture: FixtureDoc, options: ApplyFixtureOptions = {}): void {
  const { session, cart, catalog, checkout, ui } = stores;
  const s = fixture.state;

  session.setLang(fixture.lang);
  if (options.messages) session.setMessages(options.messages);
  if (s.session.user !== undefined) session.setUser(s.session.user);
  if (s.session.rememberCheckout !== undefined) session.setRememberCheckout(s.session.rememberCheckout);

  if (s.cart.cart !== undefined) cart.setCart(s.cart.cart);
  if (s.cart.miniCartOpen !== undefined) cart.setMiniCartOpen(s.cart.miniCartOpen);

  if (s.catalog.search) {
    catalog.searchStarted(s.catalog.searchParams ?? { categoryCode: '', query: '', sort: '', page: s.catalog.search.pagination.currentPage });
    catalog.searchLoaded(s.catalog.search);
  }
  if (s.catalog.hero) catalog.heroLoaded(s.catalog.hero);
  if (s.catalog.pdp) {
    const { variantCode, product, ...choices } = s.catalog.pdp;
    const variant = product.variants.find((v) => v.code === variantCode) ?? product.variants[0] ?? null;
    catalog.setPdp({
      product, variant, colorCode: variant?.colorCode ?? null, specificationError: false, loading: false, error: false,
      ...choices,
    });
  }

  const c = s.checkout;
  if (c.checkoutType !== undefined || c.steps !== undefined) checkout.setSteps(c.checkoutType ?? null, c.steps ?? []);
  if (c.currentStepCode !== undefined) checkout.setCurrentStep(c.currentStepCode);
  if (c.paymentModes !== undefined) checkout.setPaymentModes(c.paymentModes);
  if (c.selectedPaymentMode !== undefined) checkout.selectPaymentMode(c.selectedPaymentMode);
  if (c.consentTemplates !== undefined) checkout.setConsentTemplates(c.consentTemplates);
  for (const [id, value] of Object.entries(c.consents ?? {})) checkout.setConsent(id, value);
  if (c.confirmation !== undefined) checkout.setConfirmation(c.confirmation);
  if (c.paymentResult !== undefined) checkout.setPaymentResult(c.paymentResult);
  if (c.suggested) checkout.setSuggested({ ...c.suggested, loaded: true, busy: false, error: null });

  for (const [formId, f] of Object.entries(s.ui?.forms ?? {})) ui.setFormData(formId, f.data);
  if (s.ui?.viewportWidth !== undefined) ui.setViewportWidth(s.ui.viewportWidth);
  if (s.ui?.consent) ui.setConsent(s.ui.consent);
}
