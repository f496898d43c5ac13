// An order as other modules and the workflows see it (issue 28: a module exposes functions and contract types, not
// its rows). A plain type of the order's data: every order row is one (the functions answer rows), and the functions
// others call take it, so the table may grow a column without changing what others see.
import type { OrderPaymentState, OrderState } from '../../schemas/types/api.checkout';

/** An order of a cart: its state and payment's, what was agreed at submit, the total and the cart's frozen copy. */
export interface OrderRecord {
  id: number;
  code: string;
  cartId: number;
  sessionId: string;
  status: OrderState;
  paymentStatus: OrderPaymentState;
  errorType: string | null;
  paymentMode: string;
  cardPaymentType: string | null;
  consents: Record<string, boolean>;
  sendContractDocsToEmail: boolean | null;
  /** para */
  totalPrice: number;
  /** the cart at submit time (entries, prices, customer, address) */
  snapshot: Record<string, unknown>;
  stockReleased: boolean;
  /** the published UI version the order was placed under, and the partial rollout (and its share) that served it */
  uiVersionId: number | null;
  uiRolloutId: number | null;
  uiRolloutShare: number | null;
  createdAt: Date;
}
