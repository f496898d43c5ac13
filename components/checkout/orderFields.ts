import { getPointer } from '../../core/pointer';
import type { ComponentProps } from '../../schemas/types/components';

/**
 * One line of the customer's data on the overview and the confirmation, as the screen document declares it
 * (props "customerFields", whose schema OrderOverview.meta.json and OrderResult.meta.json declare): its label (the
 * text of the document's { "message" }, resolved by the renderer) and the places in the order's customer data
 * (orderCustomerInfo, e.g. "/firstName") whose values it shows, joined by a space. A field added to the guest form
 * reaches that data (the server stores every field the contract declares), so showing it is a line in JSON.
 */
export type OrderField = NonNullable<ComponentProps['OrderOverview']['customerFields']>[number];

/** The text of a line: its non-empty values, joined by a space ("" when it has none). */
export function orderFieldText(info: unknown, field: OrderField): string {
  return field.values
    .map((p) => getPointer(info, p))
    .filter((v) => v !== undefined && v !== null && v !== '')
    .map(String)
    .join(' ');
}

